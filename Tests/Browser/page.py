"""A student's page, driven the way a student drives it: a name, the lobby's buttons, the board's
keys, taps and swipes. What the tests read is what the page shows (text, labels and the board's
data-seq, data-turn and data-status attributes), never the page's own variables."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import wait_until


class Page:
    def __init__(self, driver, base_url):
        self.driver = driver
        self.base_url = base_url

    # MARK: Screens

    def open(self, path="/?speed=0"):
        self.driver.get(self.base_url + path)
        return self

    def join(self, name):
        field = wait_until(lambda: self.visible("#name"), "the name field")
        field.clear()
        field.send_keys(name)
        field.send_keys(Keys.ENTER)
        wait_until(lambda: self.visible("#lobby-screen"), f"the lobby after joining as {name}")
        return self

    def visible(self, selector):
        elements = self.driver.find_elements(By.CSS_SELECTOR, selector)
        return elements[0] if elements and elements[0].is_displayed() else None

    def text(self, selector):
        element = self.visible(selector)
        return element.text if element else ""

    def open_table(self, rules=None):
        if rules:
            self.driver.find_element(By.CSS_SELECTOR, f"#new-rules option[value='{rules}']").click()
        self.driver.find_element(By.CSS_SELECTOR, "#new-table button[type=submit]").click()
        wait_until(lambda: self.visible(".tc-board"), "the board after opening a table")
        return self

    def sit_at(self, table_id):
        button = wait_until(lambda: self.visible(f".table-card[data-table='{table_id}'] [data-action=sit]"),
                            f"a Sit button for table {table_id}")
        button.click()
        wait_until(lambda: self.visible(".tc-board"), f"the board at table {table_id}")
        return self

    def watch(self, table_id):
        button = wait_until(lambda: self.visible(f".table-card[data-table='{table_id}'] [data-action=watch]"),
                            f"a Watch button for table {table_id}")
        button.click()
        wait_until(lambda: self.visible(".tc-board"), f"the board at table {table_id}")
        return self

    # MARK: The board

    def board(self):
        return self.driver.find_element(By.CSS_SELECTOR, ".tc-board")

    def seq(self):
        value = self.board().get_attribute("data-seq")
        return int(value) if value else None

    def turn(self):
        return self.board().get_attribute("data-turn") or None

    def status(self):
        return self.board().get_attribute("data-status")

    def wait_seq(self, seq):
        def reached():
            current = self.seq()
            return current is not None and current >= seq
        wait_until(reached, f"state {seq} at {self.driver.current_url}")

    def banks(self, seat):
        counts = []
        for number in range(1, 6):
            button = self.driver.find_element(By.CSS_SELECTOR, f".tc-bank[data-square='{seat}{number}']")
            counts.append(int(button.find_element(By.CSS_SELECTOR, ".tc-count").text))
        return counts

    def notice(self):
        return self.driver.find_element(By.CSS_SELECTOR, ".tc-notice").text

    def move_by_keys(self, seat, direction="down"):
        """A move with the keyboard alone: r to refill, else 1-5 and an arrow."""
        body = self.driver.find_element(By.TAG_NAME, "body")
        banks = self.banks(seat)
        if sum(banks) == 0:
            body.send_keys("r")
            return "refill"
        bank = next(index + 1 for index, count in enumerate(banks) if count > 0)
        body.send_keys(str(bank))
        body.send_keys(Keys.ARROW_DOWN if direction == "down" else Keys.ARROW_UP)
        return f"{seat}{bank} {direction}"

    def status_line(self):
        return self.driver.find_element(By.CSS_SELECTOR, ".tc-status").text

    def move_by_swipe(self, seat, direction=None):
        """A move by touch: tap the collection to refill, or swipe on a bank (down on the top two
        banks, up on the others, so the finger stays on the screen)."""
        banks = self.banks(seat)
        if sum(banks) == 0:
            self.driver.find_element(By.CSS_SELECTOR, f".tc-collection[data-seat='{seat}']").click()
            return "refill"
        bank = next(index + 1 for index, count in enumerate(banks) if count > 0)
        direction = direction or ("down" if bank <= 2 else "up")
        element = self.driver.find_element(By.CSS_SELECTOR, f".tc-bank[data-square='{seat}{bank}']")
        touch = PointerInput(interaction.POINTER_TOUCH, "finger")
        actions = ActionBuilder(self.driver, mouse=touch)
        actions.pointer_action.move_to(element).pointer_down().move_by(0, -50 if direction == "up" else 50) \
            .pointer_up()
        actions.perform()
        return f"{seat}{bank} {direction} (swipe)"

    def move_by_clicks(self, seat, direction="down"):
        """A move with the pointer: tap a bank, then the Sow button."""
        banks = self.banks(seat)
        if sum(banks) == 0:
            self.driver.find_element(By.CSS_SELECTOR, f".tc-collection[data-seat='{seat}']").click()
            return "refill"
        bank = next(index + 1 for index, count in enumerate(banks) if count > 0)
        self.driver.find_element(By.CSS_SELECTOR, f".tc-bank[data-square='{seat}{bank}']").click()
        label = "Sow down" if direction == "down" else "Sow up"
        button = next(b for b in self.driver.find_elements(By.CSS_SELECTOR, ".tc-sow") if label in b.text)
        ActionChains(self.driver).click(button).perform()
        return f"{seat}{bank} {direction} (clicks)"
