"""The projector's QR code, as a tablet's camera reads it: the SVG the host serves, drawn by Chromium,
decoded by zbar (an independent decoder, Debian's zbar-tools), gives the host's web address."""
import subprocess

from conftest import ARTIFACTS, screenshot, wait_until
from selenium.webdriver.common.by import By


def test_the_qr_code_reads_as_the_web_address(host, browsers):
    driver = browsers(width=640, height=640)
    driver.get(host.url + "/projector")
    address = wait_until(lambda: driver.find_element(By.ID, "address").text.startswith("http"), "the address") and \
        driver.find_element(By.ID, "address").text
    assert address == host.url + "/"
    driver.get(host.url + "/qr.svg")
    shot = screenshot(driver, "18-qr-code")
    decoded = subprocess.run(["zbarimg", "--raw", "-q", str(shot)], capture_output=True, text=True, check=True)
    assert decoded.stdout.strip() == address
    assert ARTIFACTS.exists()
