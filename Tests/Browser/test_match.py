"""Whole matches in real headless Chromium pages against a real `tcnet host`: two pages against each
other (one on the keyboard alone, one by touch), with the projector following; a page against
`tcnet join --bot greedy`."""
import subprocess

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import WAIT, screenshot, tcnet_binary, wait_until
from page import Page

MAX_MOVES = 600


def play_to_the_end(pages, movers, watchers=(), shots=None):
    """Plays until the board says the match is over: the page whose seat holds the turn moves.
    Returns the moves played. Every page (and watcher) must show each state."""
    moves = []
    seq = 0
    while True:
        for page in list(pages.values()) + list(watchers):
            page.wait_seq(seq)
        reference = pages["A"] if "A" in pages else next(iter(pages.values()))
        if reference.status() == "over":
            return moves
        assert len(moves) < MAX_MOVES, "the match did not end"
        turn = reference.turn()
        assert turn in ("A", "B"), f"no seat holds the turn at state {seq}"
        if turn in pages:
            moves.append(movers[turn](turn))
        seq += 1
        if shots and seq in shots:
            shots[seq]()


def test_two_pages_play_a_whole_match_and_the_projector_follows(host, browsers):
    lan = Page(browsers(), host.url).open().join("Lan")
    screenshot(lan.driver, "01-lobby-empty")
    lan.open_table()
    screenshot(lan.driver, "02-table-waiting")
    projector = browsers(width=1280, height=800)
    projector.get(host.url + "/projector")
    wait_until(lambda: "Lan" in projector.find_element(By.ID, "players").text, "Lan on the projector")

    minh = Page(browsers(touch=True, width=844, height=390), host.url).open().join("Minh")
    wait_until(lambda: minh.visible(".table-card[data-table='t1']"), "table 1 in Minh's lobby")
    screenshot(minh.driver, "03-lobby-phone-landscape")
    minh.sit_at("t1")
    lan.wait_seq(0)
    minh.wait_seq(0)
    assert "YOUR TURN" in lan.text(".tc-side-a .tc-flag")
    assert "TO MOVE" in minh.text(".tc-side-a .tc-flag")

    # The seed's warning: the other player's turn.
    minh.driver.find_element(By.CSS_SELECTOR, ".tc-bank[data-square='B3']").click()
    wait_until(lambda: "It is Lan's turn" in minh.notice(), "the not-your-turn warning")
    screenshot(minh.driver, "04-board-phone-warning")

    # The selected bank turns red (and says so to a screen reader); Escape deselects.
    body = lan.driver.find_element(By.TAG_NAME, "body")
    body.send_keys("2")
    selected = wait_until(lambda: lan.visible(".tc-bank.selected"), "a selected bank")
    assert selected.get_attribute("data-square") == "A2" and selected.get_attribute("aria-pressed") == "true"
    assert selected.value_of_css_property("background-color") == "rgba(198, 40, 40, 1)"
    screenshot(lan.driver, "04b-bank-selected-red")
    body.send_keys(Keys.ESCAPE)
    wait_until(lambda: not lan.visible(".tc-bank.selected"), "the bank deselected")

    def projector_seq():
        cards = projector.find_elements(By.CSS_SELECTOR, ".projector-table[data-table='t1']")
        return int(cards[0].get_attribute("data-seq") or -1) if cards else -1

    shots = {
        3: lambda: screenshot(lan.driver, "05-board-1024x768-midgame"),
        6: lambda: (wait_until(lambda: projector_seq() >= 6, "the projector at state 6"),
                    screenshot(projector, "06-projector-midgame")),
    }
    moves = play_to_the_end({"A": lan, "B": minh}, {"A": lan.move_by_keys, "B": minh.move_by_swipe}, shots=shots)
    assert len(moves) >= 5

    for page in (lan, minh):
        wait_until(lambda page=page: "winner" in page.status_line() or "draw" in page.status_line(), "the winner's announcement")
        wait_until(lambda page=page: page.visible("#rematch"), "Play again")
    assert lan.status_line() == minh.status_line()
    screenshot(lan.driver, "07-board-game-over")
    screenshot(minh.driver, "08-board-phone-game-over")

    final = lan.seq()
    wait_until(lambda: projector_seq() == final, "the projector's board at the last state")
    results = wait_until(lambda: projector.find_element(By.ID, "results").text, "a result on the projector")
    assert "Table 1" in results and ("winner" in results or "draw" in results)
    screenshot(projector, "09-projector-result")

    # Play again: both ask, the next match starts with B to move.
    lan.driver.find_element(By.ID, "rematch").click()
    wait_until(lambda: "offers a rematch" in minh.notice(), "Lan's rematch offer shown to Minh")
    minh.driver.find_element(By.ID, "rematch").click()
    wait_until(lambda: lan.status() == "playing" and lan.turn() == "B" and lan.seq() == 0, "match 2, B to move")


def test_a_page_plays_tcnet_join_bot_greedy(host, browsers):
    page = Page(browsers(), host.url).open().join("Lan")
    page.open_table()
    bot = subprocess.Popen(
        [tcnet_binary(), "join", f"127.0.0.1:{host.tcp}", "--name", "Greedy", "--bot", "greedy", "--table", "t1"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        page.wait_seq(0)
        assert "Greedy (B)" in page.text(".tc-side-b .tc-name")
        moves = play_to_the_end({"A": page}, {"A": page.move_by_clicks})
        assert moves, "the page made no move"
        wait_until(lambda: "winner" in page.status_line() or "draw" in page.status_line(), "the winner's announcement")
        screenshot(page.driver, "10-board-against-bot")
    finally:
        bot.terminate()
        output = bot.communicate(timeout=WAIT)[0]
    assert "desync" not in output.lower(), output
