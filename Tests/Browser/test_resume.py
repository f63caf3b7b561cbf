"""Reconnecting by itself: a page reloaded mid-match comes back to its seat with the tab's resume token;
pages whose host restarts show "Reconnecting…" and resume when it is back; a connection the host takes
and never answers is given up and tried again (R-9)."""
import os
import signal

from selenium.webdriver.common.by import By

from conftest import Host, screenshot, wait_until
from page import Page


def start_match(host, browsers, minh_path="/?speed=0"):
    lan = Page(browsers(), host.url).open().join("Lan")
    lan.open_table()
    minh = Page(browsers(), host.url).open(minh_path).join("Minh")
    wait_until(lambda: minh.visible(".table-card[data-table='t1']"), "table 1 in Minh's lobby")
    minh.sit_at("t1")
    lan.wait_seq(0)
    return lan, minh


def move(pages, seq):
    mover = pages[pages["A"].turn()]
    mover.move_by_keys(mover.turn())
    for page in pages.values():
        page.wait_seq(seq + 1)


def test_a_reloaded_page_resumes_its_seat(host, browsers):
    # NB: Minh's page animates each move at the seed's pace, step by step from the host's events.
    lan, minh = start_match(host, browsers, minh_path="/")
    pages = {"A": lan, "B": minh}
    lan.move_by_keys("A")
    caption = wait_until(lambda: minh.text(".tc-caption"), "a step of the animation on Minh's page")
    assert caption.startswith("picked up"), caption
    assert minh.board().get_attribute("aria-busy") == "true"
    minh.wait_seq(1)
    assert minh.text(".tc-caption") == ""
    for seq in range(1, 3):
        move(pages, seq)
    before = lan.banks("A") + lan.banks("B")

    lan.driver.refresh()
    wait_until(lambda: lan.visible(".tc-board") and lan.seq() == 3, "Lan back at the table at state 3 after the reload")
    assert lan.banks("A") + lan.banks("B") == before
    assert "Lan (A) · you" in lan.text(".tc-side-a .tc-name")
    wait_until(lambda: "Lan is back" in minh.notice() or "away" in minh.notice(), "Minh told of Lan's absence")
    screenshot(lan.driver, "11-board-after-reload")
    for seq in range(3, 6):
        move(pages, seq)


def test_pages_show_reconnecting_and_resume_when_the_host_restarts(host, browsers):
    lan, minh = start_match(host, browsers)
    pages = {"A": lan, "B": minh}
    move(pages, 0)
    host.stop()
    for page in (lan, minh):
        wait_until(lambda page=page: "Reconnecting" in page.text("#connection"), "Reconnecting… on the page")
    screenshot(lan.driver, "12-reconnecting")
    # The same data folder and ports: the journal gives the table back; the pages resume by themselves.
    restarted = Host(data=host.data, tcp=host.tcp, web=host.web)
    try:
        for page in (lan, minh):
            wait_until(lambda page=page: page.driver.find_element(By.ID, "connection").get_attribute("data-status") == "online",
                       "the page online again", timeout=60)
            wait_until(lambda page=page: page.seq() == 1, "the table's state after the restart")
        move(pages, 1)
    finally:
        restarted.stop()


def test_a_connection_never_answered_is_given_up_and_tried_again(host, browsers):
    lan = Page(browsers(), host.url).open()
    wait_until(lambda: lan.visible("#name"), "the name field")
    status = lambda: lan.driver.find_element(By.ID, "connection")  # noqa: E731
    # NB: a stopped host's kernel still completes the connection into its queue; nothing reads it.
    os.kill(host.process.pid, signal.SIGSTOP)
    try:
        field = lan.visible("#name")
        field.send_keys("Lan")
        field.submit()
        wait_until(lambda: "did not answer" in status().get_attribute("textContent"),
                   "the page giving up the unanswered connection (10 s)", timeout=40)
        assert status().get_attribute("data-status") == "reconnecting"
    finally:
        os.kill(host.process.pid, signal.SIGCONT)
    wait_until(lambda: status().get_attribute("data-status") == "online", "the page online once the host answers",
               timeout=60)
    wait_until(lambda: lan.visible("#lobby-screen"), "the lobby after the host answered")
    assert "as Lan" in status().get_attribute("textContent")
