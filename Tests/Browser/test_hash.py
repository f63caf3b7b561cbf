"""The web client's SHA-256 and Tax Collection state hash, in the browser, against known vectors and
against the Swift rules' hashes of real states (Tests/WebTests/Fixtures/state-hashes.json)."""
import hashlib
import json

from conftest import ROOT

CHECK = """
const [done] = [arguments[arguments.length - 1]];
const vectors = arguments[0];
const states = arguments[1];
Promise.all([import('/js/sha256.js'), import('/games/taxcollection.js'), import('/games/taxcollection/state-hash.js')])
  .then(([sha, game, hash]) => {
    const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    done({
      vectors: vectors.map((v) => sha.sha256Hex(Uint8Array.from(v.bytes))),
      states: states.map((s) => game.stateHash(s.state)),
      startBytes: hex(hash.stateBytes(states[0].state)),
    });
  }, (error) => done({error: String(error)}));
"""


def test_sha256_and_state_hashes_match(host, browsers):
    driver = browsers()
    driver.get(host.url + "/")
    messages = [b"", b"abc", b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                b"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                bytes(range(256)) * 3, b"a" * 55, b"a" * 56, b"a" * 63, b"a" * 64, "Ô ăn quan".encode()]
    samples = json.loads((ROOT / "Tests/WebTests/Fixtures/state-hashes.json").read_text())
    result = driver.execute_async_script(CHECK, [{"bytes": list(m)} for m in messages], samples)
    assert "error" not in result, result
    assert result["vectors"][1] == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    assert result["vectors"] == [hashlib.sha256(m).hexdigest() for m in messages]
    assert len(samples) > 200
    assert result["states"] == [s["hash"] for s in samples]
    # docs/RULES.md's 108 bytes of the classic start.
    assert result["startBytes"].startswith("74636e65742d7461782d636f6c6c656374696f6e2d73746174652d3100636c6173736963")
    assert len(result["startBytes"]) == 216
