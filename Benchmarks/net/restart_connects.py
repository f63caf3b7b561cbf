#!/usr/bin/env python3
"""Connects to a host's port every 2 ms while the host starts on it, STARTS times over, and counts the
connections refused (nothing listened yet), answered (a `hello` got bytes back within 2 s) and held
(connected, and no answer within 2 s): a host must never hold one.

    python3 Benchmarks/net/restart_connects.py .build/release/tcnet 10 [PORT]

Without PORT, one the kernel gives a socket now (free, most likely, for the run).
"""
import json
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time

binary, starts = sys.argv[1], int(sys.argv[2])

def free_port():
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    number = probe.getsockname()[1]
    probe.close()
    return number


port = int(sys.argv[3]) if len(sys.argv) > 3 else free_port()
counts = {"refused": 0, "answered": 0, "held": 0, "other": 0}
lock = threading.Lock()


def count(kind):
    with lock:
        counts[kind] += 1


def attempt():
    body = json.dumps({"id": 0, "type": "hello", "version": 1, "name": "r%d" % time.time_ns()}).encode()
    client = socket.socket()
    client.settimeout(2)
    try:
        client.connect(("127.0.0.1", port))
        client.sendall(struct.pack(">I", len(body)) + body)
        count("answered" if client.recv(4) else "other")
    except ConnectionRefusedError:
        count("refused")
    except socket.timeout:
        count("held")
    except OSError:
        count("other")
    finally:
        client.close()


for start in range(starts):
    folder = tempfile.mkdtemp(prefix="tcnet-restart-")
    stop = threading.Event()

    def connect_often():
        while not stop.is_set():
            threading.Thread(target=attempt).start()
            time.sleep(0.002)

    connector = threading.Thread(target=connect_often)
    connector.start()
    host = subprocess.Popen(
        [binary, "host", "--bind", "127.0.0.1", "--port", str(port), "--data", folder, "--no-advertise",
         "--no-web", "--rate-limit", "1000/1000"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.5)
    stop.set()
    connector.join()
    time.sleep(2.5)
    host.kill()
    host.wait()
    shutil.rmtree(folder, ignore_errors=True)
    print(start + 1, counts, flush=True)
