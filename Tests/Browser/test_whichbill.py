"""WhichBill's web screen in headless Chromium against a real `tcnet host`: its state hash and number
line against the Swift rules (Tests/WebTests/Fixtures/whichbill.json), and a whole round played as a
student plays it: a wrong bill, the number line's hint, the right bill, Play Again; then the round in
`tcnet progress`."""
import json
import re
import subprocess

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import ROOT, screenshot, tcnet_binary, wait_until
from page import Page

CHECK = """
const [done] = [arguments[arguments.length - 1]];
const states = arguments[0];
const lines = arguments[1];
Promise.all([import('/games/whichbill.js'), import('/games/whichbill/rules.js')])
  .then(([game, rules]) => {
    done({
      hashes: states.map((s) => game.stateHash(s.state)),
      zones: lines.map((l) => rules.hintZone(l.cost, l.bills)),
      enabled: lines.map((l) => l.positions.map((p) => rules.enabled(l.bills, l.cost, l.wrong, false, p))),
      off: lines.map((l) => rules.enabled(l.bills, l.cost, l.wrong, false, null)),
    });
  }, (error) => done({error: String(error)}));
"""


def test_state_hash_and_number_line_match_the_swift_rules(host, browsers):
    driver = browsers()
    driver.get(host.url + "/")
    fixture = json.loads((ROOT / "Tests/WebTests/Fixtures/whichbill.json").read_text())
    result = driver.execute_async_script(CHECK, fixture["states"], fixture["lines"])
    assert "error" not in result, result
    assert len(fixture["states"]) > 90
    assert result["hashes"] == [s["hash"] for s in fixture["states"]]
    assert result["zones"] == [l["zone"] for l in fixture["lines"]]
    assert result["enabled"] == [l["enabled"] for l in fixture["lines"]]
    assert result["off"] == [[bill not in l["wrong"] for bill in l["bills"]] for l in fixture["lines"]]


def cost_cents(page):
    match = re.search(r"\$(\d+)\.(\d\d)", page.text(".wb-cost"))
    assert match, page.text(".wb-cost")
    return int(match.group(1)) * 100 + int(match.group(2))


def bill_button(page, cents):
    return page.driver.find_element(By.CSS_SELECTOR, f".wb-bill[data-bill='{cents}']")


def test_a_whole_round_with_a_wrong_bill_and_the_hint(host, browsers):
    ana = Page(browsers(), host.url).open().join("Ana")
    Select(ana.driver.find_element(By.ID, "new-game")).select_by_value("whichbill")
    ana.driver.find_element(By.CSS_SELECTOR, "#new-table button[type=submit]").click()
    wait_until(lambda: ana.visible(".wb-board[data-seq='0']"), "WhichBill's first item")
    screenshot(ana.driver, "wb-01-item")
    cost = cost_cents(ana)
    bills = [int(b.get_attribute("data-bill")) for b in ana.driver.find_elements(By.CSS_SELECTOR, ".wb-bill")]
    assert bills == [100, 500, 1000, 2000]
    right = next(bill for bill in bills if bill >= cost)
    wrong = bills[-1] if right != bills[-1] else bills[0]
    assert "Which bill pays for the" in ana.text(".wb-message")

    # A wrong bill: the reason, and the button stays disabled for the round.
    bill_button(ana, wrong).click()
    wait_until(lambda: ana.visible(".wb-board[data-seq='1']"), "the host's answer to the wrong bill")
    reason = "too small" if wrong < cost else "more than you need"
    assert f"is {reason} for" in ana.text(".wb-message") and "Try a different bill." in ana.text(".wb-message")
    assert bill_button(ana, wrong).get_attribute("disabled") is not None
    assert "wrong" in bill_button(ana, wrong).get_attribute("class")
    screenshot(ana.driver, "wb-02-wrong-bill")

    # The number line: Page Up a dollar at a time to the right bill; the others rest; one cent back wakes them.
    slider = ana.driver.find_element(By.CSS_SELECTOR, ".wb-slider")
    slider.click()
    slider.send_keys(Keys.HOME)
    for _ in range(right // 100):
        slider.send_keys(Keys.PAGE_UP)
    wait_until(lambda: ana.visible(".wb-board[data-pointing='true']"), "the line pointing at the right bill")
    assert ana.text(".wb-value") == f"${right // 100}.00"
    assert all(bill_button(ana, b).get_attribute("disabled") is not None for b in bills if b != right)
    assert "rest while it is there" in ana.text(".wb-message")
    screenshot(ana.driver, "wb-03-number-line")
    slider.send_keys(Keys.ARROW_LEFT)
    wait_until(lambda: ana.visible(".wb-board[data-pointing='false']"), "the line away from the right bill")
    assert all(bill_button(ana, b).get_attribute("disabled") is None for b in bills if b != wrong)
    slider.send_keys(Keys.ARROW_RIGHT)
    wait_until(lambda: ana.visible(".wb-board[data-pointing='true']"), "the line back at the right bill")

    bill_button(ana, right).click()
    wait_until(lambda: "Great job!" in ana.text(".wb-message"), "the seed's congratulation")
    assert all(b.get_attribute("disabled") is not None for b in ana.driver.find_elements(By.CSS_SELECTOR, ".wb-bill"))
    screenshot(ana.driver, "wb-04-right-bill")
    ana.driver.find_element(By.CSS_SELECTOR, ".wb-again").click()
    wait_until(lambda: ana.visible(".wb-board[data-round='2']"), "the next item")
    assert ana.text(".wb-progress").startswith("Item 2 of 10")

    # The round, as the host kept it: the wrong bill, the hint with the second guess.
    out = subprocess.run([tcnet_binary(), "progress", "Ana", "--csv", "--data", host.data],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    header, row = out.stdout.strip().split("\n")
    fields = dict(zip(header.split(","), row.split(",")))
    assert fields["wrong_bills"] == f"{wrong // 100}.00"
    assert fields["first_try"] == "no" and fields["hint_before_guess"] == "2"
    assert fields["right_bill"] == f"{right // 100}.00"
