"""The spelling games in real headless Chromium pages against a real `tcnet host`: one game of each
mode, by clicks and keys, to the end screen with the high scores; every state's hash checked by the page
(no desync); the hear-and-type sound decoded by the browser."""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import screenshot, wait_until
from page import Page


def open_spelling(page, mode):
    Select(page.driver.find_element(By.ID, "new-game")).select_by_value("spelling")
    Select(page.driver.find_element(By.ID, "new-option-mode")).select_by_value(mode)
    page.driver.find_element(By.CSS_SELECTOR, "#new-table button[type=submit]").click()
    wait_until(lambda: page.visible(".sp-game[data-status='playing']"), f"the {mode} game after opening a table")
    return page.visible(".sp-game")


def lives(page):
    return int(page.visible(".sp-game").get_attribute("data-lives") or "-1")


def seq(page):
    return int(page.visible(".sp-game").get_attribute("data-seq") or "-1")


def over(page):
    return page.visible(".sp-game[data-status='over']") is not None


def answer_until_over(page, answer, tries=30):
    """Answers (wrongly or not) until the game is over; each answer waits for the host's next state."""
    for _ in range(tries):
        if over(page):
            return
        before = seq(page)
        answer()
        wait_until(lambda: over(page) or seq(page) > before, "the host's answer")
    assert over(page), "the game did not end"


def expect_end(page, name):
    wait_until(lambda: "Out of lives!" in page.text(".sp-headline"), "the end screen")
    assert "The best score so far!" in page.text(".sp-place")
    assert name in page.text(".sp-board li.mine")
    assert "Lives \u00b7 \u00b7 \u00b7" in page.text(".sp-lives")
    assert page.driver.find_element(By.ID, "desyncs").get_attribute("textContent") == "0", "every state's hash checked"


def test_pick_by_clicks_to_the_end(host, browsers):
    page = Page(browsers(), host.url).open().join("Ana")
    open_spelling(page, "pick")
    assert len(page.driver.find_elements(By.CSS_SELECTOR, ".sp-choice")) == 3
    assert page.text(".sp-time").startswith("Time 1:5") or page.text(".sp-time") == "Time 2:00"
    screenshot(page.driver, "spelling-01-pick")
    answer_until_over(page, lambda: page.driver.find_element(By.CSS_SELECTOR, ".sp-choice:not(.marked)").click())
    screenshot(page.driver, "spelling-02-pick-end")
    expect_end(page, "Ana")


def test_unscramble_by_keys_to_the_end(host, browsers):
    page = Page(browsers(), host.url).open().join("Ben")
    open_spelling(page, "unscramble")
    body = page.driver.find_element(By.TAG_NAME, "body")
    tiles = lambda: [t.text for t in page.driver.find_elements(By.CSS_SELECTOR, ".sp-tile")]
    first = tiles()
    body.send_keys(" ", Keys.ARROW_RIGHT)
    wait_until(lambda: tiles() != first or first[0] == first[1], "a tile carried to the right")
    assert page.visible(".sp-tile.held")
    screenshot(page.driver, "spelling-03-unscramble")
    body.send_keys(Keys.ARROW_LEFT, " ")
    wait_until(lambda: tiles() == first, "the tile carried back")
    # NB: the scrambled order is never right, so Enter at once is a wrong answer each time.
    answer_until_over(page, lambda: page.driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ENTER))
    expect_end(page, "Ben")


def test_hear_the_sound_then_type_to_the_end(host, browsers):
    page = Page(browsers(), host.url).open().join("Cy")
    open_spelling(page, "hear")
    ms = wait_until(lambda: int(page.visible(".sp-game").get_attribute("data-sound-ms") or "0"), "the sound decoded")
    assert 300 <= ms <= 3600, f"a spoken word's length, not {ms} ms"
    screenshot(page.driver, "spelling-04-hear")

    def wrong():
        field = page.visible(".sp-typed")
        field.send_keys("zzz", Keys.ENTER)

    answer_until_over(page, wrong)
    expect_end(page, "Cy")
