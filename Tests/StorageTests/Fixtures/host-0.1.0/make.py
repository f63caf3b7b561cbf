import json, socket, struct, subprocess, time, os, signal
host = subprocess.Popen(["/tmp/tcnet-old","host","--bind","127.0.0.1","--port","7911","--data","data","--no-advertise"],stderr=open("host.log","w"))
for _ in range(100):
    try:
        socket.create_connection(("127.0.0.1",7911),timeout=1).close(); break
    except OSError: time.sleep(0.1)
class C:
    def __init__(s,name):
        s.s=socket.create_connection(("127.0.0.1",7911),timeout=5); s.send({"type":"hello","id":1,"protocol":1,"name":name}); s.w=s.until(lambda m:m["type"]=="welcome")
    def send(s,m):
        b=json.dumps(m).encode(); s.s.sendall(struct.pack(">I",len(b))+b)
    def recv(s):
        def n(k):
            d=b""
            while len(d)<k:
                c=s.s.recv(k-len(d))
                if not c: raise SystemExit("closed")
                d+=c
            return d
        return json.loads(n(struct.unpack(">I",n(4))[0]))
    def until(s,f):
        while True:
            m=s.recv()
            if f(m): return m
a=C("Lan"); b=C("Minh")
a.send({"type":"create-table","id":2,"game":"taxcollection","graceSeconds":300}); a.until(lambda m:m.get("re")==2)
a.send({"type":"create-table","id":3,"game":"taxcollection","ruleSet":"young-treasury"}); a.until(lambda m:m.get("re")==3)
for c,seat in ((a,"A"),(b,"B")):
    c.send({"type":"sit","id":4,"table":"t1","seat":seat}); c.until(lambda m:m.get("re")==4)
    c.send({"type":"ready","id":5,"table":"t1"})
st=a.until(lambda m:m["type"]=="state")
moves=[{"bank":1,"direction":"down"},{"bank":2,"direction":"up"},{"bank":3,"direction":"down"},{"bank":4,"direction":"up"},{"bank":5,"direction":"down"}]
seq=0; last=None
for mv in moves:
    mover = a if st["turn"]=="A" else b
    mover.send({"type":"move","id":100+seq,"table":"t1","seq":seq,"move":mv})
    st=mover.until(lambda m:m.get("re")==100+seq)
    if st["type"]!="state": break  # the fourth move is refused (empty bank): three moves are kept
    seq+=1; last=st
print(json.dumps({"seq":last["seq"],"hash":last["hash"],"tokenA":a.w["resumeToken"],"tokenB":b.w["resumeToken"],"state":last["state"]}))
host.send_signal(signal.SIGKILL); host.wait()
