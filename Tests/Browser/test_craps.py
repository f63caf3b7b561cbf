"""Craps in real headless Chromium pages against a real `tcnet host`: one page alone with the ante
slider (a refused ante moved back) and the dice to a decision; two pages at one table (the shooter and
another player) seeing the same dice, with the projector following."""
import re

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import screenshot, wait_until
from craps_page import CrapsPage, glyph

MAX_ROLLS = 200


def roll_and_wait(page, watchers=(), use_key=False):
    """The shooter rolls (the Roll button, or the r key) and every page shows the next state."""
    seq = page.seq()
    if use_key:
        page.driver.find_element(By.TAG_NAME, "body").send_keys("r")
    else:
        page.roll_button().click()
    for each in (page, *watchers):
        each.wait_seq(seq + 1)
    return page.dice()


def check_dice_drawn(page):
    """The dice as the seed's glyphs, with their numbers and their total."""
    dice = page.dice()
    assert dice and all(1 <= d <= 6 for d in dice), dice
    assert page.shown_dice() == [(glyph(dice[0]), str(dice[0])), (glyph(dice[1]), str(dice[1]))]
    assert page.text(".cr-total") == f"total {dice[0] + dice[1]}"


def test_one_page_plays_craps_alone_with_the_slider_and_the_dice(host, browsers):
    lan = CrapsPage(browsers(), host.url).open().join("Lan")
    lan.open_craps_table()
    lan.wait_seq(0)
    screenshot(lan.driver, "craps-01-start-1024x768")

    # NB: Selenium reads text as it is rendered: the felt's double spaces read as one.
    # The seed's screen before the first roll: no dice, the point off, $200 and a $5 ante, Roll for the shooter.
    assert lan.text(".cr-point-state") == "OFF"
    assert lan.text(".cr-total") == "total -"
    assert lan.text(".cr-shooter") == "SHOOTER Lan (P1) · you"
    assert lan.row("P1")[1:5] == ["P1", "Lan · you", "$200.00", "$5.00"]
    assert lan.roll_button() is not None
    assert lan.fits([".cr-die", ".cr-point", "#cr-ante", ".cr-bet", ".cr-roll"]), "the table does not fit 1024x768"

    # The slider: a real, labelled range input from $0 to $500 in $5 steps, at the ante in force.
    slider = lan.slider()
    assert slider.get_attribute("type") == "range"
    assert (slider.get_attribute("min"), slider.get_attribute("max"), slider.get_attribute("step")) == ("0", "500", "5")
    assert lan.driver.execute_script("return arguments[0].labels[0].textContent", slider) == "Ante"
    assert slider.get_attribute("aria-valuetext") == "$5.00"
    assert lan.slider_value() == 5

    # Keyboard alone: Home puts the slider at $0, Enter bets it; the host refuses it with the seed's
    # words and the ante it accepts, the $5 in force, and the slider moves back there (no state follows).
    slider.send_keys(Keys.HOME)
    wait_until(lambda: lan.slider_value() == 0, "the slider at $0")
    slider.send_keys(Keys.ENTER)
    wait_until(lambda: lan.notice() == "An ante must be more than $0; the ante is $5.00 (the slider is back at $5.00)",
               "the refusal of a $0 ante")
    assert lan.slider_value() == 5 and lan.seq() == 0

    # End puts the slider at $500, Enter bets it; the host refuses it with the seed's
    # words and the ante it accepts, the slider moves back there, and that ante is bet (the seed's model).
    slider.send_keys(Keys.END)
    wait_until(lambda: lan.slider_value() == 500, "the slider at $500")
    assert "Bet (or Enter) bets $500.00" in lan.text(".cr-ante-line")
    slider.send_keys(Keys.ENTER)
    wait_until(lambda: lan.slider_value() == 200, "the slider moved back to $200")
    assert lan.notice() == ("An ante cannot exceed your balance of $200.00; the ante is $200.00 "
                            "(the slider is back at $200.00)")
    lan.wait_seq(1)
    wait_until(lambda: lan.row("P1")[4] == "$200.00", "the accepted ante of $200 in the players' table")
    assert lan.text(".cr-ante-line").startswith("Your ante $200.00 · balance $200.00")
    assert slider.get_attribute("aria-valuetext") == "$200.00"
    screenshot(lan.driver, "craps-02-ante-refused-moved-back")

    # Roll (the button, then the r key) until the decision.
    rolls = 0
    while not lan.outcome():
        assert rolls < MAX_ROLLS, "no decision"
        roll_and_wait(lan, use_key=rolls % 2 == 1)
        rolls += 1
        check_dice_drawn(lan)
        point = lan.attribute("point")
        if not lan.outcome():
            assert point != "off" and lan.text(".cr-point-state") == f"ON {point}"
            assert lan.text(".cr-point-hint") == "7 loses"
            # NB: the ante is locked while the point is on: Enter moves the slider back and sends nothing.
            slider.send_keys(Keys.HOME)
            slider.send_keys(Keys.ENTER)
            wait_until(lambda: lan.slider_value() == 200, "the locked ante's slider moved back")
            assert lan.notice() == "The ante can change only while the point is off; it stays $200.00"
    assert re.match(r"Lan rolled . . \d\+\d = \d+: ", lan.text(".cr-last")), lan.text(".cr-last")
    # The deciding roll revealed period 1's secret; the page checked its commitment and every roll.
    wait_until(lambda: "period 1 verified" in lan.text(".cr-audit"), "period 1 verified")
    assert lan.text(".cr-point-state") == "OFF"

    if lan.outcome().startswith("You won"):
        assert lan.outcome() == "You won $200.00! Your balance is $400.00."
        assert lan.row("P1")[3:] == ["$400.00", "$200.00", "won"]
        assert lan.roll_button() is not None
        screenshot(lan.driver, "craps-03-won")
    else:
        # All in and lost: the seed's bankrupt message, and the reset offered.
        assert lan.outcome() == "You're bankrupt! Press Start again (or x) to start again with $200.00."
        assert lan.row("P1")[3:] == ["$0.00", "-", "bankrupt"]
        assert lan.text(".cr-shooter") == "SHOOTER nobody" and lan.roll_button() is None
        screenshot(lan.driver, "craps-03-bankrupt")
        seq = lan.seq()
        lan.visible(".cr-reset").click()
        lan.wait_seq(seq + 1)
        wait_until(lambda: lan.row("P1")[3:5] == ["$200.00", "$5.00"], "the reset to $200 and a $5 ante")
        assert lan.slider_value() == 5 and lan.roll_button() is not None and not lan.outcome()


def test_two_pages_at_one_table_see_the_same_dice(host, browsers):
    lan = CrapsPage(browsers(), host.url).open().join("Lan")
    lan.open_craps_table(players=2)
    minh = CrapsPage(browsers(touch=True, width=844, height=390), host.url).open().join("Minh")
    minh.sit_at("t1")
    for page in (lan, minh):
        page.wait_seq(0)
    projector = browsers(width=1280, height=800)
    projector.get(host.url + "/projector")

    seats = {lan.my_seat(): lan, minh.my_seat(): minh}
    assert set(seats) == {"P1", "P2"}
    shooter_seat = lan.attribute("shooter")
    assert shooter_seat == minh.attribute("shooter") and shooter_seat in seats
    shooter = seats[shooter_seat]
    other = seats["P2" if shooter_seat == "P1" else "P1"]
    names = {lan: "Lan", minh: "Minh"}

    # Roll for the shooter only: the other page has no Roll button, and r says who holds the dice.
    assert shooter.roll_button() is not None and other.roll_button() is None
    other.driver.find_element(By.TAG_NAME, "body").send_keys("r")
    wait_until(lambda: other.notice() == f"{names[shooter]} ({shooter_seat}) holds the dice: wait for the roll",
               "the not-the-shooter warning")

    # The other player bets $25 with the slider while the point is off; both pages show it.
    slider = other.slider()
    slider.send_keys(Keys.HOME)
    for _ in range(5):
        slider.send_keys(Keys.ARROW_RIGHT)
    wait_until(lambda: other.slider_value() == 25, "the slider at $25")
    other.driver.find_element(By.CSS_SELECTOR, ".cr-bet").click()
    for page in (lan, minh):
        page.wait_seq(1)
        wait_until(lambda page=page: page.row(other.my_seat())[4] == "$25.00", "the other player's $25 ante")

    # The shooter rolls; both pages show the same dice, total, point and balances after every roll.
    decided = False
    rolls = 0
    while not decided:
        assert rolls < MAX_ROLLS, "no decision"
        roll_and_wait(shooter, watchers=(other,), use_key=rolls % 2 == 1)
        rolls += 1
        for page in (lan, minh):
            check_dice_drawn(page)
        assert lan.dice() == minh.dice() and lan.shown_dice() == minh.shown_dice()
        assert lan.attribute("point") == minh.attribute("point")
        assert lan.text(".cr-last") == minh.text(".cr-last")
        for seat in ("P1", "P2"):
            assert lan.row(seat)[3:] == minh.row(seat)[3:], seat
        decided = bool(lan.outcome())
        if rolls == 1:
            assert lan.fits([".cr-die", ".cr-point", ".cr-bet"]), "the table does not fit 1024x768"
            assert minh.fits([".cr-die", ".cr-point", "#cr-ante", ".cr-bet"]), "the table does not fit a phone"
            screenshot(lan.driver, "craps-04-two-pages-1024x768")
            screenshot(minh.driver, "craps-05-two-pages-phone-landscape")
    assert bool(minh.outcome()), "a decision for one rider is a decision for both"
    # The seed's messages: each rider's own ante won or lost.
    assert re.fullmatch(r"You (won \$25\.00!|lost \$25\.00\.) Your balance is \$(225|175)\.00\.", other.outcome())
    assert re.fullmatch(r"You (won \$5\.00!|lost \$5\.00\.) Your balance is \$(205|195)\.00\.", shooter.outcome())
    for page in (lan, minh):
        wait_until(lambda page=page: "period 1 verified" in page.text(".cr-audit"), "period 1 verified")
    screenshot(minh.driver, "craps-06-decision-phone-landscape")

    # The projector's miniature shows the same dice and both balances.
    final = lan.dice()

    # NB: the projector redraws a card on any update (presence too), so the card and its texts are read in
    # one try: a card replaced between two reads is read again.
    def miniature():
        cards = projector.find_elements(By.CSS_SELECTOR, ".projector-table[data-table='t1']")
        if not cards or cards[0].get_attribute("data-seq") != str(lan.seq()):
            return None
        return (cards[0].find_element(By.CSS_SELECTOR, ".mini-dice").text,
                cards[0].find_element(By.CSS_SELECTOR, ".mini-balances").text)
    dice, balances = wait_until(miniature, "the projector at the table's latest state")
    assert dice == f"{glyph(final[0])} {glyph(final[1])}"
    for seat in ("P1", "P2"):
        assert lan.row(seat)[3] in balances
    screenshot(projector, "craps-07-projector")
