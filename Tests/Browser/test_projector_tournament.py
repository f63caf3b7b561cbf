"""The projector during a classroom tournament: the teacher runs it from the terminal (`tcnet
tournament`), the wall shows its standings, round and boards as the terminal prints them, and a
result recorded by hand appears on the page by itself, without a reload."""
from conftest import Host, screenshot, wait_until
from projector_page import Student, Teacher, page_matches_terminal, shown_tournaments
from selenium.webdriver.common.by import By

CODE = "K7QM4-XRT2B"
# NB: a name that is markup: the wall shows the characters, never an element.
HOSTILE = "<i>Chi</i>"


def the_tournament(driver, tournament_id):
    return next((t for t in shown_tournaments(driver) if t["id"] == tournament_id), None)


def wait_for_agreement(driver, teacher, tournament_id, what):
    """The page's tournament equal to the terminal's, however long the host takes to tell both."""
    last = {}

    def agrees():
        terminal = teacher.standings(tournament_id)
        page = the_tournament(driver, tournament_id)
        last["difference"] = "not on the page" if page is None else page_matches_terminal(page, terminal)
        return page if last["difference"] is None else None
    try:
        return wait_until(agrees, what)
    except AssertionError as error:
        raise AssertionError(f"{error}: {last.get('difference')}") from None


def test_a_swiss_tournament_on_the_wall_follows_the_terminal(browsers):
    host = Host(teacher_code=CODE)
    try:
        teacher = Teacher(host, CODE)
        wall = browsers(width=1024, height=768)
        wall.get(host.url + "/projector")
        wait_until(lambda: wall.find_element(By.ID, "connection").text == "Live", "the projector online")
        assert shown_tournaments(wall) == []

        # Registering: the page lists the players in start order, the host's name for the game.
        tournament = teacher.create("Class 5B", "--format", "swiss", "--game", "taxcollection", "--rounds", "3",
                                    "--grace", "3600")
        teacher.run("register", tournament, "Lan", "Minh", "Hoa", "Bao", HOSTILE)
        page = wait_until(lambda: (t := the_tournament(wall, tournament)) and len(t["standings"]) == 5 and t,
                          "five players registered on the wall")
        assert (page["name"], page["game"], page["format"], page["round"]) == \
            ("Class 5B", "Tax Collection", "Swiss", "Registration open")
        assert [row[1] for row in page["standings"]] == ["Lan", "Minh", "Hoa", "Bao", HOSTILE]
        assert wall.find_elements(By.CSS_SELECTOR, "#tournaments i") == []

        # Round 1: two boards and a bye, as the terminal prints them.
        teacher.run("start", tournament)
        page = wait_for_agreement(wall, teacher, tournament, "round 1 on the wall as in the terminal")
        assert page["round"] == "Round 1 of 3" and page["caption"] == "Round 1"
        assert page["header"][:3] == ["#", "Name", "Pts"]
        assert page["header"][3:] == ["DE", "BH-C1", "BH", "WIN"]
        assert len(page["boards"]) == 2 and all(b["result"] == "" and b["table"] for b in page["boards"])
        assert [b["bye"] for b in page["byes"]] == ["pairing"]

        # A result by hand: on the wall by itself; the other board still playing; the standings move.
        # NB: a mark in the page's window: a page that reloaded itself to catch up would lose it.
        wall.execute_script("window.sameDocument = true")
        teacher.run("result", tournament, "1", "1-0")
        page = wait_for_agreement(wall, teacher, tournament, "board 1's result on the wall without a reload")
        first, second = page["boards"]
        assert first["result"] == "1-0" and first["cells"][2] == "1 – 0"
        assert second["result"] == ""
        # NB: the pairing-allocated bye counts as a win: its player has the winner's point.
        leaders = {row[1] for row in page["standings"] if row[2] == "1"}
        assert leaders == {first["cells"][1], page["byes"][0]["name"]}

        # The round's last result: round 2 is paired by itself, and the wall moves on with it.
        teacher.run("result", tournament, "2", "1/2")
        page = wait_for_agreement(wall, teacher, tournament, "round 2 on the wall")
        assert page["round"] == "Round 2 of 3"
        assert all(b["result"] == "" for b in page["boards"])
        assert wall.execute_script("return window.sameDocument === true")
        screenshot(wall, "projector-tournament-1024")

        # A withdrawal shows beside the name, as in the terminal.
        teacher.run("withdraw", tournament, "Bao")
        wait_for_agreement(wall, teacher, tournament, "the withdrawal on the wall")
        assert wall.find_elements(By.CSS_SELECTOR, "#tournaments i") == []
    finally:
        host.stop()


def test_the_wall_reads_from_the_back_of_the_room(browsers):
    """At 1024x768 and on a 1920x1080 projector: the standings and the round fit the screen, without a
    scroll bar, in type that grows with the screen; the address and its QR code stay in view."""
    host = Host(teacher_code=CODE)
    try:
        teacher = Teacher(host, CODE)
        tournament = teacher.create("Round robin 4A", "--format", "round-robin", "--game", "taxcollection",
                                    "--grace", "3600")
        teacher.run("register", tournament, "Annabelle-Josephine", "Bartholomew", "Christabel", "Dimitrios",
                    "Evangeline", "Fitzgerald")
        teacher.run("start", tournament)
        for width, height, smallest in [(1024, 768, 20), (1920, 1080, 32)]:
            wall = browsers(width=width, height=height)
            wall.get(host.url + "/projector")
            wait_until(lambda: (t := the_tournament(wall, tournament)) and len(t["boards"]) == 3,
                       f"the round robin's round on the wall at {width}x{height}")
            page = the_tournament(wall, tournament)
            assert page["header"][3:] == ["DE", "SB", "WIN"] and page["round"] == "Round 1 of 5"
            measured = wall.execute_script("""
                const box = (selector) => document.querySelector(selector).getBoundingClientRect();
                const size = (selector) => parseFloat(getComputedStyle(document.querySelector(selector)).fontSize);
                return {
                  scrollWidth: document.documentElement.scrollWidth, width: innerWidth, height: innerHeight,
                  standings: box('.t-standings').bottom, boards: box('.t-boards').bottom,
                  qr: box('#qr').bottom, qrWidth: box('#qr').width, address: box('#address').bottom,
                  nameSize: size('.t-standings td.t-player'), boardSize: size('.t-boards td.t-white'),
                };""")
            screenshot(wall, f"projector-tournament-{width}x{height}")
            assert measured["scrollWidth"] <= measured["width"], measured
            assert measured["standings"] <= measured["height"] and measured["boards"] <= measured["height"], measured
            assert measured["qr"] <= measured["height"] and measured["address"] <= measured["height"], measured
            assert measured["qrWidth"] >= 90, measured
            assert measured["nameSize"] >= smallest and measured["boardSize"] >= smallest * 0.8, measured
        # NB: two walls: the second greets as "(projector 2)"; neither lists a projector as a pupil.
        wait_until(lambda: wall.find_element(By.ID, "players").text == "Nobody yet", "no pupil on the second wall")
    finally:
        host.stop()


def test_a_class_challenge_shows_its_leaderboard_and_the_time_left(browsers):
    host = Host(teacher_code=CODE)
    students = []
    try:
        teacher = Teacher(host, CODE)
        wall = browsers(width=1024, height=768)
        wall.get(host.url + "/projector")
        wait_until(lambda: wall.find_element(By.ID, "connection").text == "Live", "the projector online")
        tournament = teacher.create("Craps hour", "--format", "challenge", "--game", "craps", "--minutes", "10")
        teacher.run("start", tournament)
        page = wait_until(lambda: (t := the_tournament(wall, tournament)) and t["status"] == "running" and t,
                          "the challenge running on the wall")
        assert (page["name"], page["game"], page["format"]) == ("Craps hour", "Craps", "Class challenge")
        assert page["standings"] == [] and page["boards"] == []
        assert page["leaderboard"] == [["No score yet"]]

        # The window's clock: under ten minutes, and ticking down on its own.
        def left():
            text = the_tournament(wall, tournament)["round"]
            minutes, seconds = text.removesuffix(" left").split(":")
            return int(minutes) * 60 + int(seconds)
        start = left()
        assert 540 <= start <= 600, start
        wait_until(lambda: left() < start, "the challenge's clock ticking down")

        # Plays come in: the leaderboard on the wall is the terminal's, line for line.
        for name in ["Ann", "Bao"]:
            student = Student(host, name)
            students.append(student)
            student.play_craps_alone()
        students[1].play_craps_alone()

        def agrees():
            terminal = teacher.standings(tournament)
            shown = the_tournament(wall, tournament)["leaderboard"]
            return len(terminal.leaderboard) == 2 and shown == terminal.leaderboard and shown
        shown = wait_until(agrees, "the leaderboard on the wall as in the terminal")
        assert sorted((row[1], row[3]) for row in shown) == [("Ann", "1"), ("Bao", "2")]
        screenshot(wall, "projector-challenge-1024")

        teacher.run("finish", tournament)
        wait_until(lambda: the_tournament(wall, tournament)["round"] == "Closed", "the challenge closed on the wall")
    finally:
        for student in students:
            student.close()
        host.stop()


def test_the_wall_follows_the_tournament_across_a_host_restart(browsers):
    host = Host(teacher_code=CODE)
    restarted = None
    try:
        teacher = Teacher(host, CODE)
        tournament = teacher.create("Class 6A", "--format", "swiss", "--game", "taxcollection", "--rounds", "2",
                                    "--grace", "3600")
        teacher.run("register", tournament, "Lan", "Minh", "Hoa", "Bao")
        teacher.run("start", tournament)
        wall = browsers(width=1024, height=768)
        wall.get(host.url + "/projector")
        wait_for_agreement(wall, teacher, tournament, "round 1 on the wall")
        host.stop()
        wait_until(lambda: "Reconnecting" in wall.find_element(By.ID, "connection").text, "Reconnecting… on the wall")
        # The same data folder and ports: the store gives the tournament back; the wall reconnects by itself.
        restarted = Host(data=host.data, tcp=host.tcp, web=host.web, teacher_code=CODE)
        teacher = Teacher(restarted, CODE)
        wait_until(lambda: wall.find_element(By.ID, "connection").text == "Live", "the wall online again", timeout=60)
        teacher.run("result", tournament, "2", "0-1")
        page = wait_for_agreement(wall, teacher, tournament, "a result after the restart on the wall")
        assert [b["result"] for b in page["boards"]] == ["", "0-1"]
    finally:
        host.stop()
        if restarted:
            restarted.stop()


def test_a_round_that_cannot_be_paired_says_why_on_the_wall(browsers):
    host = Host(teacher_code=CODE)
    try:
        teacher = Teacher(host, CODE)
        wall = browsers(width=1024, height=768)
        wall.get(host.url + "/projector")
        wait_until(lambda: wall.find_element(By.ID, "connection").text == "Live", "the projector online")
        tournament = teacher.create("Pair of two", "--format", "swiss", "--game", "taxcollection", "--rounds", "2",
                                    "--grace", "3600")
        teacher.run("register", tournament, "Ann", "Bao")
        teacher.run("start", tournament)
        wait_for_agreement(wall, teacher, tournament, "round 1 on the wall")
        # Two players who have met cannot be paired again: the wall says so, with the teacher's choices.
        teacher.run("result", tournament, "1", "1-0")
        page = wait_for_agreement(wall, teacher, tournament, "the blocked round on the wall")
        assert page["blocked"].startswith("round 2 cannot be paired") and "Choices" in page["blocked"]
        screenshot(wall, "projector-blocked-1024")
        teacher.run("pair", tournament, "--allow-repeats")
        page = wait_for_agreement(wall, teacher, tournament, "round 2 paired with a repeat, on the wall")
        assert page["blocked"] is None and page["round"] == "Round 2 of 2"
    finally:
        host.stop()
