"""A student's page at a Craps table, driven as a student drives it: the lobby's buttons, the ante
slider with the keyboard, the Roll and Start again buttons, the r key. What the tests read is what the
page shows (text, labels, the slider's value, and the table's data-seq, data-dice, data-shooter and
data-point attributes), never the page's own variables."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import wait_until
from page import Page


def glyph(value):
    """The seed's die glyph: U+2680 for 1 ... U+2685 for 6."""
    return chr(0x2680 + value - 1)


class CrapsPage(Page):
    def open_craps_table(self, players=1):
        Select(self.driver.find_element(By.ID, "new-game")).select_by_value("craps")
        seats = self.driver.find_element(By.ID, "new-seats")
        if players != 1 or seats.is_displayed():
            Select(seats).select_by_value(str(players))
        self.driver.find_element(By.CSS_SELECTOR, "#new-table button[type=submit]").click()
        wait_until(lambda: self.visible(".cr-board"), "the craps table after opening it")
        return self

    def sit_at(self, table_id):
        button = wait_until(lambda: self.visible(f".table-card[data-table='{table_id}'] [data-action=sit]"),
                            f"a Sit button for table {table_id}")
        button.click()
        wait_until(lambda: self.visible(".cr-board"), f"the craps table {table_id}")
        return self

    def board(self):
        return self.driver.find_element(By.CSS_SELECTOR, ".cr-board")

    def attribute(self, name):
        return self.board().get_attribute(f"data-{name}") or ""

    def seq(self):
        value = self.attribute("seq")
        return int(value) if value else None

    def dice(self):
        value = self.attribute("dice")
        return tuple(int(v) for v in value.split(",")) if value else None

    def shown_dice(self):
        """The two dice as drawn: (glyph, number) each."""
        return [(d.find_element(By.CSS_SELECTOR, ".cr-glyph").text, d.find_element(By.CSS_SELECTOR, ".cr-number").text)
                for d in self.driver.find_elements(By.CSS_SELECTOR, ".cr-die")]

    def slider(self):
        return self.driver.find_element(By.ID, "cr-ante")

    def slider_value(self):
        return int(self.slider().get_attribute("value"))

    def notice(self):
        return self.driver.find_element(By.CSS_SELECTOR, ".cr-notice").text

    def outcome(self):
        return self.driver.find_element(By.CSS_SELECTOR, ".cr-outcome").text

    def row(self, seat):
        # NB: read at once: the players' rows are drawn anew with every state.
        return self.driver.execute_script(
            "return Array.from(document.querySelectorAll(`.cr-players tr[data-seat='${arguments[0]}'] td`),"
            " (cell) => cell.innerText.trim())", seat)

    def my_seat(self):
        return self.driver.execute_script("return document.querySelector('.cr-players tr.mine')?.dataset.seat ?? null")

    def wait_seq(self, seq):
        def reached():
            current = self.seq()
            return current is not None and current >= seq
        wait_until(reached, f"state {seq} at {self.driver.current_url}")

    def roll_button(self):
        return self.visible(".cr-roll")

    def fits(self, selectors=()):
        """Whether the page needs no sideways scrolling, and the elements are inside the window."""
        return self.driver.execute_script("""
            const [selectors] = arguments;
            if (document.documentElement.scrollWidth > innerWidth) return false;
            return selectors.every((s) => {
              const box = document.querySelector(s)?.getBoundingClientRect();
              return box && box.width > 0 && box.right <= innerWidth && box.bottom <= innerHeight;
            });""", list(selectors))
