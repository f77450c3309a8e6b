"""Speech: real espeak-ng audio of plausible length, captions when silent, never blocking."""

from __future__ import annotations

import sys
import threading
import time
import wave
from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Input

from omaha_tui.app.speech import (
    CommandBackend,
    SilentBackend,
    SpeechError,
    SpeechOutcome,
    choose_backend,
    espeak_argv,
    render_to_wav,
    speak_in_background,
)
from tests.system import need_program

SENTENCE = "Ann wins the high half with three queens, queen queen from the hand."


@pytest.fixture
def espeak() -> str:
    return need_program("espeak-ng", install="apt-get install espeak-ng")


def test_render_to_wav_gives_a_riff_file_of_plausible_length(tmp_path: Path, espeak: str) -> None:
    out = render_to_wav(SENTENCE, tmp_path / "said.wav")
    data = out.read_bytes()
    assert data[:4] == b"RIFF" and data[8:12] == b"WAVE"
    with wave.open(str(out)) as wav:
        seconds = wav.getnframes() / wav.getframerate()
    assert 0.5 < seconds < 20, f"{seconds:.2f} s for one sentence"


def test_faster_rate_gives_shorter_audio(tmp_path: Path, espeak: str) -> None:
    def length(rate: int) -> float:
        with wave.open(str(render_to_wav(SENTENCE, tmp_path / f"{rate}.wav", rate=rate))) as w:
            return float(w.getnframes() / w.getframerate())

    assert length(320) < length(120)


def test_render_without_espeak_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("shutil.which", lambda _name: None)
    with pytest.raises(SpeechError, match=r"install espeak-ng \(apt install espeak-ng\)"):
        render_to_wav("hello", tmp_path / "x.wav")


def test_silent_backend_turns_speech_into_a_caption() -> None:
    assert SilentBackend().speak("Bob scoops") == SpeechOutcome(spoken=False, caption="Bob scoops")


def test_speech_off_chooses_the_silent_backend() -> None:
    assert isinstance(choose_backend(enabled=False), SilentBackend)


def test_no_program_chooses_the_silent_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("shutil.which", lambda _name: None)
    assert isinstance(choose_backend(platform="linux"), SilentBackend)
    assert isinstance(choose_backend(platform="darwin"), SilentBackend)


def test_macos_prefers_say(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("shutil.which", lambda name: f"/usr/bin/{name}")
    backend = choose_backend(voice="Alex", rate=200, platform="darwin")
    assert isinstance(backend, CommandBackend)
    assert backend.argv == ("/usr/bin/say", "-r", "200", "-v", "Alex", "-f", "-")


def test_linux_prefers_espeak_ng_and_passes_voice_and_rate(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("shutil.which", lambda name: f"/usr/bin/{name}")
    backend = choose_backend(voice="en-gb", rate=140, platform="linux")
    assert isinstance(backend, CommandBackend)
    assert backend.argv == ("/usr/bin/espeak-ng", "-s", "140", "-v", "en-gb", "--stdin")


def test_text_goes_to_stdin_not_the_command_line() -> None:
    echo = CommandBackend("cat", ("cat",))
    assert echo.speak("-w /tmp/evil.wav") == SpeechOutcome(spoken=True)
    assert "--stdin" in espeak_argv("espeak-ng")


def test_a_hung_program_is_stopped_by_the_timeout() -> None:
    hung = CommandBackend("sleeper", (sys.executable, "-c", "import time; time.sleep(30)"), 0.5)
    start = time.monotonic()
    outcome = hung.speak("hello")
    assert time.monotonic() - start < 10
    assert outcome == SpeechOutcome(
        False, "hello", "sleeper took longer than 0.5 s and was stopped"
    )


def test_a_failing_program_falls_back_to_the_caption() -> None:
    bad = CommandBackend("broken", (sys.executable, "-c", "import sys; sys.exit('no voice here')"))
    assert bad.speak("hi") == SpeechOutcome(False, "hi", "broken failed: no voice here")


def test_no_sound_device_reported_on_stderr_is_a_failure() -> None:
    code = "import sys; sys.stderr.write('ALSA lib x\\nerror: No such file or directory\\n')"
    quiet = CommandBackend("espeak-ng", (sys.executable, "-c", code))
    assert quiet.speak("hi") == SpeechOutcome(
        False, "hi", "espeak-ng failed: error: No such file or directory"
    )


def test_no_audio_device_is_named_as_the_cause() -> None:
    alsa = "ALSA lib confmisc.c:855:(parse_card) cannot find card '0'"
    code = f"import sys; sys.stderr.write({alsa!r} + '\\nerror: No such file or directory\\n')"
    quiet = CommandBackend("espeak-ng", (sys.executable, "-c", code))
    assert quiet.speak("hi") == SpeechOutcome(False, "hi", "espeak-ng failed: no audio device")


def test_missing_program_is_reported_not_raised() -> None:
    ghost = CommandBackend("ghost", ("/nonexistent/ghost-speaker",))
    outcome = ghost.speak("hi")
    assert outcome.caption == "hi"
    assert outcome.error is not None and outcome.error.startswith("ghost could not start:")


class _SlowBackend:
    """Blocks until released, like a long sentence being spoken."""

    name = "slow"

    def __init__(self) -> None:
        self.release = threading.Event()

    def speak(self, text: str) -> SpeechOutcome:
        self.release.wait(10)
        return SpeechOutcome(spoken=False, caption=text)


class _SpeakApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Input(id="typing")


async def test_speaking_never_blocks_the_ui_and_shows_the_caption() -> None:
    app = _SpeakApp()
    backend = _SlowBackend()
    async with app.run_test() as pilot:
        worker = speak_in_background(app, backend, "Cy wins the low")
        await pilot.press("4", "2")
        assert app.query_one("#typing", Input).value == "42", "keys handled while speaking"
        assert not worker.is_finished
        backend.release.set()
        await worker.wait()
        await pilot.pause()
        assert [n.message for n in app._notifications] == ["Cy wins the low"]
