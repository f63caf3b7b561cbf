"""What a first grader, a keyboard alone, a screen reader and a phone need: the board whole on screen
at 1024x768 and on a phone held in landscape, big targets, a visible focus ring, a name for every
control; and a name that looks like HTML shown as the letters typed."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import screenshot, wait_until
from page import Page

BOARD_PARTS = ".tc-bank, .tc-treasury, .tc-collection"


@pytest.mark.parametrize("width,height,touch,name", [(1024, 768, False, "1024x768"), (844, 390, True, "phone-landscape")])
def test_the_board_fits_with_big_targets(host, browsers, width, height, touch, name):
    lan = Page(browsers(width=width, height=height, touch=touch), host.url).open().join("Lan")
    lan.open_table()
    minh = Page(browsers(), host.url).open().join("Minh")
    wait_until(lambda: minh.visible(".table-card[data-table='t1']"), "table 1")
    minh.sit_at("t1")
    lan.wait_seq(0)
    driver = lan.driver
    driver.execute_script("window.scrollTo(0, 0)")
    size = driver.execute_script("return [innerWidth, innerHeight, document.scrollingElement.scrollWidth]")
    assert size[:2] == [width, height]
    assert size[2] <= width, "the page scrolls sideways"
    parts = driver.execute_script(f"""
        return [...document.querySelectorAll('{BOARD_PARTS}')].map((e) => {{
            const r = e.getBoundingClientRect();
            return {{name: e.getAttribute('aria-label'), target: e.tagName === 'BUTTON', top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                     width: r.width, height: r.height}};
        }});""")
    assert len(parts) == 14
    for part in parts:
        assert part["bottom"] <= height and part["right"] <= width and part["top"] >= 0, f"{part['name']} off screen: {part}"
        if part["target"]:
            assert part["width"] >= 40 and part["height"] >= 40, f"{part['name']} is a small target: {part}"
    screenshot(driver, f"13-fit-{name}")


def test_keyboard_alone_with_a_visible_focus_and_named_controls(host, browsers):
    driver = browsers()
    lan = Page(driver, host.url).open()
    # The name by keyboard, Enter; the seed's warning for an empty name first.
    field = wait_until(lambda: lan.visible("#name"), "the name field")
    field.send_keys(Keys.ENTER)
    wait_until(lambda: "Please enter your username in order to play" in lan.text("#name-error"), "the seed's name warning")
    screenshot(driver, "14-name-warning")
    field.send_keys("Lan", Keys.ENTER)
    wait_until(lambda: lan.visible("#lobby-screen"), "the lobby")
    # Tab to "Open a new table" and press Enter.
    body = driver.find_element(By.TAG_NAME, "body")
    for _ in range(12):
        body = driver.switch_to.active_element
        if body.text == "Open a new table":
            break
        body.send_keys(Keys.TAB)
    assert driver.switch_to.active_element.text == "Open a new table"
    outline = driver.execute_script("const s = getComputedStyle(document.activeElement); return [s.outlineStyle, s.outlineWidth]")
    assert outline[0] != "none" and float(outline[1].rstrip("px")) >= 3, f"focus ring: {outline}"
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    wait_until(lambda: lan.visible(".tc-board"), "the board")
    screenshot(driver, "15-focus-ring-and-board")
    unnamed = driver.execute_script("""
        return [...document.querySelectorAll('button, input, select')].filter((e) => e.offsetParent !== null)
            .filter((e) => !(e.getAttribute('aria-label') || e.textContent.trim() || e.labels?.length)).map((e) => e.outerHTML);""")
    assert unnamed == []
    # The walk-through by keyboard: ? opens it, arrows page, Escape closes.
    driver.find_element(By.TAG_NAME, "body").send_keys("?")
    title = wait_until(lambda: lan.text("#walkthrough-title"), "the walk-through")
    assert title.startswith("How to play (1/5)")
    driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    wait_until(lambda: lan.text("#walkthrough-title").startswith("How to play (2/5)"), "page 2")
    screenshot(driver, "16-walkthrough")
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait_until(lambda: not lan.visible(".walkthrough"), "the walk-through closed")


def test_a_name_that_looks_like_html_is_shown_as_typed(host, browsers):
    hostile = "<img src=x onerror=a()>"
    evil = Page(browsers(), host.url).open().join(hostile)
    evil.open_table()
    lan = Page(browsers(), host.url).open().join("Lan")
    card = wait_until(lambda: lan.visible(".table-card[data-table='t1']"), "table 1")
    assert hostile in card.text
    lan.sit_at("t1")
    lan.wait_seq(0)
    assert lan.text(".tc-side-a .tc-name").startswith(hostile)
    projector = browsers(width=1280, height=800)
    projector.get(host.url + "/projector")
    wait_until(lambda: hostile in projector.find_element(By.ID, "players").text, "the name on the projector")
    wait_until(lambda: hostile in projector.find_element(By.ID, "tables").text, "the name in the projector's tables")
    for driver in (lan.driver, projector, evil.driver):
        images = driver.execute_script("return [...document.images].map((i) => i.id)")
        assert images in ([], ["qr"]), f"an image came from a name: {images}"
    screenshot(lan.driver, "17-html-name-as-text")
