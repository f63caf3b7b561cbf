"""The Craps web screen's checks, in the browser, against the Swift rules (Tests/WebTests/Fixtures, written
and held current by CrapsFixtureTests.swift) and docs/CRAPS.md: the state hash of every state of seven
matches, docs/CRAPS.md's worked hash and dice, each match's dice record verified, and tampered dice
caught, by the page's own DiceAudit and on its screen."""
import copy
import json
import re

from conftest import ROOT

FIXTURES = ROOT / "Tests/WebTests/Fixtures"

CHECK = """
const done = arguments[arguments.length - 1];
const [states, records, example] = arguments;
Promise.all([import('/games/craps.js'), import('/games/craps/dice.js'), import('/games/craps/audit.js')])
  .then(([game, dice, audit]) => {
    const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    // Every match's states in order, as the shell hands them to the screen, through the page's DiceAudit.
    const audits = {};
    let previous = null;
    for (const [seq, sample] of states.entries()) {
      const update = {match: sample.match, seq: previous && previous.match === sample.match ? previous.seq + 1 : 0,
                      state: sample.state, last: sample.last};
      const a = audits[sample.match] ?? (audits[sample.match] = {audit: new audit.DiceAudit(), failures: []});
      const failure = a.audit.observe(previous && previous.match === sample.match ? previous : null, update);
      if (failure) a.failures.push(failure.code);
      previous = update;
    }
    done({
      hashes: states.map((s) => game.stateHash(s.state)),
      records: records.map((r) => dice.verifyRecord(r.record)),
      audits: Object.fromEntries(Object.entries(audits).map(([m, a]) => [m, {failures: a.failures, last: a.audit.lastVerified, line: a.audit.line}])),
      exampleHash: game.stateHash(example.state),
      exampleMessage: hex(dice.diceMessage(example.seeds, 1, 0)),
      exampleBlock: hex(dice.hmacSHA256(dice.bytesOfHex(example.secret), dice.diceMessage(example.seeds, 1, 0))),
      exampleRolls: [dice.rollOf(example.secret, example.seeds, 1), dice.rollOf(example.secret, example.seeds, 2)],
      exampleCommitment: dice.commitmentOf(example.secret),
    });
  }, (error) => done({error: String(error)}));
"""

# Mounts the screen with a stand-in shell, shows a match's states, and reads what the page shows.
SCREEN = """
const done = arguments[arguments.length - 1];
const [states, seat] = arguments;
import('/games/craps.js').then((game) => {
  const root = document.createElement('div');
  document.body.append(root);
  const sent = [];
  const screen = game.mount(root, {seat, names: () => ({P1: 'Lan', P2: 'Minh', P3: 'Ana'}), stepMs: 0,
    move: (move) => { sent.push(move); return new Promise(() => {}); }, sync: () => {}, rematch: () => {}});
  states.forEach((sample, seq) => screen.show({match: 1, seq, status: 'playing', state: sample.state, last: sample.last, events: []}));
  const text = (selector) => root.querySelector(selector)?.textContent ?? '';
  const reset = root.querySelector('.cr-reset');
  const shown = {audit: text('.cr-audit'), auditWarning: root.querySelector('.cr-audit').classList.contains('warning'),
                 status: text('.cr-status'), resetShown: Boolean(reset && !reset.hidden)};
  if (shown.resetShown) reset.click();
  shown.sent = sent;
  screen.destroy();
  root.remove();
  done(shown);
}, (error) => done({error: String(error)}));
"""


def doc_block(marker):
    """The first fenced block after `<!-- marker -->` in docs/CRAPS.md, and the ones after it."""
    text = (ROOT / "docs/CRAPS.md").read_text()
    start = text.index(f"<!-- {marker} -->")
    return re.findall(r"```[a-z]*\n(.*?)\n```", text[start:], re.S)


def matches(states):
    grouped = {}
    for sample in states:
        grouped.setdefault(sample["match"], []).append(sample)
    return grouped


def revealing(samples):
    """The index of the first state whose move revealed a period's secret by a roll."""
    return next(i for i, s in enumerate(samples) if s.get("last") and "reveal" in s["last"]["move"]
                and s["last"]["move"].get("roll"))


def test_craps_state_hashes_and_dice_match_the_swift_rules(host, browsers):
    driver = browsers()
    driver.get(host.url + "/")
    states = json.loads((FIXTURES / "craps-states.json").read_text())
    records = json.loads((FIXTURES / "craps-records.json").read_text())
    hash_example = json.loads(doc_block("example-hash: seven-out")[0])
    dice_blocks = doc_block("example-dice")
    example = {"state": hash_example, "secret": dice_blocks[0], "seeds": json.loads(dice_blocks[2])}
    # NB: the wire may bring keys in any order: the fixture's are sorted, the example's reversed.
    example["state"] = dict(reversed(list(example["state"].items())))

    result = driver.execute_async_script(CHECK, states, records, example)
    assert "error" not in result, result
    assert len(states) > 300
    assert result["hashes"] == [s["hash"] for s in states]
    assert result["exampleHash"] == doc_block("example-hash: seven-out")[1]
    assert result["exampleCommitment"] == dice_blocks[1]
    assert result["exampleMessage"] == dice_blocks[3]
    assert result["exampleBlock"] == dice_blocks[4]
    assert result["exampleRolls"] == [json.loads(dice_blocks[5]), json.loads(dice_blocks[8])]
    for verdict, mine in zip(records, result["records"]):
        assert mine == {"ok": True, "periods": verdict["periods"], "rolls": verdict["rolls"]}, verdict["match"]
    assert sum(r["rolls"] for r in records) > 100
    for match, audit in result["audits"].items():
        assert audit["failures"] == [], match
        assert "THE DICE DO NOT VERIFY" not in audit["line"]
    assert max(a["last"] or 0 for a in result["audits"].values()) >= 5


def test_craps_tampered_dice_are_caught_by_the_page(host, browsers):
    driver = browsers()
    driver.get(host.url + "/")
    states = json.loads((FIXTURES / "craps-states.json").read_text())
    records = json.loads((FIXTURES / "craps-records.json").read_text())

    # A record with one roll changed, and one with a secret that is not the committed one.
    rolled = copy.deepcopy(records[2]["record"])
    period = next(p for p in rolled["periods"] if p.get("secret") and p["rolls"])
    period["rolls"][-1] = [period["rolls"][-1][1] % 6 + 1, period["rolls"][-1][0]]
    secret = copy.deepcopy(records[2]["record"])
    first = next(p for p in secret["periods"] if p.get("secret"))
    first["secret"] = ("0" if first["secret"][0] != "0" else "1") + first["secret"][1:]
    verdicts = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        import('/games/craps/dice.js').then((dice) => done(arguments[0].map((r) => dice.verifyRecord(r))));
    """, [records[2]["record"], rolled, secret])
    assert verdicts[0]["ok"] is True
    assert verdicts[1]["ok"] is False and verdicts[1]["code"] == "roll-mismatch", verdicts[1]
    assert verdicts[2]["ok"] is False and verdicts[2]["code"] == "commitment-mismatch", verdicts[2]

    # The screen, shown a match as the host sends it: the honest match verifies; a lying host's
    # reveal (a secret that is not the committed one) or lying dice (a roll the secret does not give)
    # is shown plainly, as a warning on the felt.
    samples = matches(states)[3]
    upto = revealing(samples) + 1
    honest = driver.execute_async_script(SCREEN, samples[:upto], "P1")
    assert "error" not in honest, honest
    assert re.search(r"period \d+ verified", honest["audit"]) and not honest["auditWarning"], honest

    lying_secret = copy.deepcopy(samples[:upto])
    move = lying_secret[-1]["last"]["move"]
    move["reveal"] = ("0" if move["reveal"][0] != "0" else "1") + move["reveal"][1:]
    shown = driver.execute_async_script(SCREEN, lying_secret, "P1")
    assert shown["audit"].startswith("THE DICE DO NOT VERIFY: period ") and shown["auditWarning"], shown
    assert "the revealed secret does not match the commitment" in shown["audit"]

    lying_dice = copy.deepcopy(samples[:upto])
    dice = lying_dice[-1]["last"]["move"]["dice"]
    lying_dice[-1]["last"]["move"]["dice"] = [dice[0] % 6 + 1, dice[1]]
    shown = driver.execute_async_script(SCREEN, lying_dice, "P1")
    assert shown["audit"].startswith("THE DICE DO NOT VERIFY: period ") and shown["auditWarning"], shown
    assert re.search(r"roll \d+: the dice were \d\+\d, the secret and seeds give \d\+\d", shown["audit"]), shown


def test_craps_bankrupt_seat_is_offered_the_reset(host, browsers):
    driver = browsers()
    driver.get(host.url + "/")
    states = json.loads((FIXTURES / "craps-states.json").read_text())
    for samples in matches(states).values():
        index = next((i for i, s in enumerate(samples)
                      if s["state"]["point"] is None and not s["state"]["over"]
                      and any(p["status"] == "bankrupt" for p in s["state"]["seats"])), None)
        if index is not None:
            break
    else:
        raise AssertionError("no fixture state with a bankrupt seat while the point is off")
    seat = next(p["seat"] for p in samples[index]["state"]["seats"] if p["status"] == "bankrupt")
    shown = driver.execute_async_script(SCREEN, samples[:index + 1], seat)
    assert "error" not in shown, shown
    assert shown["status"] == "You're bankrupt: press Start again (or x) to start again with $200.00"
    assert shown["resetShown"] and shown["sent"] == [{"reset": True}]


# The screen with a stand-in shell whose host answers the first moves with stale-seq (G-4): the screen
# asks for sync and sends the move again on the state it gets, if it still means something, at most
# three times in a row.
STALE = """
const done = arguments[arguments.length - 1];
const [first, answer, stale] = arguments;
import('/games/craps.js').then(async (game) => {
  const root = document.createElement('div');
  document.body.append(root);
  const sent = [];
  let syncs = 0;
  const screen = game.mount(root, {seat: 'P2', names: () => ({P1: 'Lan', P2: 'Minh'}), stepMs: 0,
    sync: () => { syncs += 1; },
    move: (move) => {
      sent.push(move);
      return sent.length <= stale
        ? Promise.reject({code: 'stale-seq', message: 'the move was made on state 0; the current state is 1', details: {}})
        : new Promise(() => {});
    },
    rematch: () => {}});
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  screen.show({match: 1, seq: 0, status: 'playing', state: first.state, events: []});
  const slider = root.querySelector('#cr-ante');
  slider.value = '25';
  slider.dispatchEvent(new Event('input'));
  root.querySelector('.cr-bet').click();
  const seen = [];
  for (let round = 1; round <= 5; round++) {
    await tick();
    seen.push({sent: sent.length, syncs, notice: root.querySelector('.cr-notice').textContent});
    // The sync's answer: the current state, without a move.
    screen.show({match: 1, seq: round, status: 'playing', state: answer.state, events: []});
  }
  await tick();
  const result = {sent, syncs, seen, retries: root.querySelector('.cr-board').dataset.retries ?? '0'};
  screen.destroy();
  root.remove();
  done(result);
}, (error) => done({error: String(error)}));
"""


def test_craps_stale_seq_is_synced_and_sent_again_while_it_means_something(host, browsers):
    driver = browsers()
    driver.get(host.url + "/")
    states = json.loads((FIXTURES / "craps-states.json").read_text())

    def p2(sample):
        return next((p for p in sample["state"]["seats"] if p["seat"] == "P2"), None)
    pairs = [s for s in states if p2(s) and p2(s)["status"] == "playing" and not s["state"]["over"]
             and p2(s)["ante"] != 2500 and p2(s)["balance"] >= 2500]
    off = next(s for s in pairs if s["state"]["point"] is None)
    on = next(s for s in pairs if s["state"]["point"] is not None)

    # One stale-seq: one sync, the ante sent again on the synced state, and no more.
    once = driver.execute_async_script(STALE, off, off, 1)
    assert "error" not in once, once
    assert once["sent"] == [{"ante": 2500}, {"ante": 2500}]
    assert once["syncs"] == 1 and once["retries"] == "1"
    assert once["seen"][0]["notice"] == "The table changed while your move was on its way: trying again"

    # The synced state has the point on: the ante is locked, nothing is sent again.
    locked = driver.execute_async_script(STALE, off, on, 1)
    assert locked["sent"] == [{"ante": 2500}] and locked["syncs"] == 1 and locked["retries"] == "0", locked

    # Always stale: three more tries, then the screen stops.
    always = driver.execute_async_script(STALE, off, off, 99)
    assert len(always["sent"]) == 4 and always["syncs"] == 4 and always["retries"] == "3", always
