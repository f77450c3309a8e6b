"""Speaking results aloud: espeak-ng / espeak on Linux, ``say`` on macOS, or a caption.

A backend turns a sentence (built and unit-tested as text by the engine, e.g.
``showdown_speech``) into sound by running a subprocess with a timeout. Speaking
takes seconds, so the App always calls :meth:`SpeechBackend.speak` from a thread
worker (see :func:`speak_in_background`); a backend never raises, it reports what
happened in a :class:`SpeechOutcome`. When no speech program exists, speech is off,
or the program fails, the outcome carries a *caption* for the App to show instead,
so the words are never lost.

:func:`render_to_wav` writes speech to a WAV file with espeak-ng (for tests and for
dealers who want a recording). This module does not decide *what* to say.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.dom import DOMNode
    from textual.worker import Worker

DEFAULT_TIMEOUT = 30.0
"""Seconds a single utterance may take before the program is stopped."""


@dataclass(frozen=True)
class SpeechOutcome:
    """What became of one utterance.

    Attributes:
        spoken: the program ran and finished normally.
        caption: text to show on screen instead (silent backend or failure).
        error: why speaking failed, for a notification; ``None`` when it did not.
    """

    spoken: bool
    caption: str | None = None
    error: str | None = None


class SpeechBackend(Protocol):
    """Anything that can say a sentence; must be safe to call from a worker thread."""

    @property
    def name(self) -> str: ...

    def speak(self, text: str) -> SpeechOutcome: ...


@dataclass(frozen=True)
class SilentBackend:
    """No sound: the sentence becomes an on-screen caption."""

    name: str = "silent"

    def speak(self, text: str) -> SpeechOutcome:
        return SpeechOutcome(spoken=False, caption=text)


@dataclass(frozen=True)
class CommandBackend:
    """A speech program reading the sentence on standard input.

    The text goes through stdin, never the command line, so nothing a player typed
    can become an option of the program.
    """

    name: str
    argv: tuple[str, ...]
    timeout: float = DEFAULT_TIMEOUT

    def speak(self, text: str) -> SpeechOutcome:
        try:
            done = subprocess.run(
                self.argv,
                input=text,
                text=True,
                capture_output=True,
                timeout=self.timeout,
                check=False,
            )
        except subprocess.TimeoutExpired:
            return SpeechOutcome(
                False, text, f"{self.name} took longer than {self.timeout:g} s and was stopped"
            )
        except OSError as exc:
            return SpeechOutcome(False, text, f"{self.name} could not start: {exc}")
        why = _failure(done.returncode, done.stderr or "")
        if why is not None:
            return SpeechOutcome(False, text, f"{self.name} failed: {why}")
        return SpeechOutcome(True)


_NO_DEVICE = re.compile(
    r"cannot find card|no such (sound|audio) device|unknown pcm|audio open error|"
    r"could not open (audio|sound)|pulseaudio: .*(refused|failed)|no default output device",
    re.IGNORECASE,
)
"""What ALSA, PulseAudio and espeak print when there is nothing to play sound on."""


def _failure(returncode: int, stderr: str) -> str | None:
    """Why a run failed, or ``None``.

    espeak-ng exits 0 even when it finds no sound device, printing ALSA's complaints
    and ``error: ...``; that still means nobody heard anything, so the caption must be
    shown, and the reason is said plainly: ``no audio device``.
    """
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    if any(_NO_DEVICE.search(line) for line in lines):
        return "no audio device"
    errors = [line for line in lines if line.lower().startswith("error")]
    if returncode != 0:
        return (errors or lines or [f"exit status {returncode}"])[-1]
    if errors:
        return errors[-1]
    return None


def espeak_argv(executable: str, voice: str = "", rate: int = 160) -> tuple[str, ...]:
    """Command line for espeak-ng / espeak reading stdin."""
    argv = [executable, "-s", str(rate)]
    if voice:
        argv += ["-v", voice]
    return (*argv, "--stdin")


def say_argv(executable: str, voice: str = "", rate: int = 160) -> tuple[str, ...]:
    """Command line for macOS ``say`` reading stdin (``-f -``)."""
    argv = [executable, "-r", str(rate)]
    if voice:
        argv += ["-v", voice]
    return (*argv, "-f", "-")


def choose_backend(
    enabled: bool = True,
    voice: str = "",
    rate: int = 160,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    platform: str | None = None,
) -> SpeechBackend:
    """The best backend available here: espeak-ng, espeak, ``say``, else silent."""
    if not enabled:
        return SilentBackend()
    plat = sys.platform if platform is None else platform
    if plat == "darwin" and (say := shutil.which("say")):
        return CommandBackend("say", say_argv(say, voice, rate), timeout)
    for program in ("espeak-ng", "espeak"):
        if path := shutil.which(program):
            return CommandBackend(program, espeak_argv(path, voice, rate), timeout)
    return SilentBackend()


class SpeechError(RuntimeError):
    """Speech could not be rendered to a file; the message says why and what to install."""


def render_to_wav(
    text: str, path: Path, *, voice: str = "", rate: int = 160, timeout: float = DEFAULT_TIMEOUT
) -> Path:
    """Write ``text`` spoken by espeak-ng (or espeak) to the WAV file ``path``.

    Raises:
        SpeechError: no espeak program, it failed, or it produced no file.
    """
    program = shutil.which("espeak-ng") or shutil.which("espeak")
    if program is None:
        raise SpeechError("cannot render speech: install espeak-ng (apt install espeak-ng)")
    argv = [*espeak_argv(program, voice, rate)[:-1], "-w", str(path), "--stdin"]
    try:
        done = subprocess.run(
            argv, input=text, text=True, capture_output=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired:
        raise SpeechError(f"espeak took longer than {timeout:g} s rendering {path}") from None
    if done.returncode != 0 or not path.exists():
        raise SpeechError(f"espeak could not write {path}: {done.stderr.strip()}")
    return path


def speak_in_background(
    widget: DOMNode,
    backend: SpeechBackend,
    text: str,
    show: Callable[[str, bool], None] | None = None,
) -> Worker[SpeechOutcome]:
    """Say ``text`` from a thread worker of ``widget`` and show any caption or error.

    ``show(line, refused)`` puts the caption where it covers nothing (the table's
    status line); without it the caption is a notification. A failure is shown as
    such, "not said" and why, never as said.

    Returns the Textual worker. The newest utterance replaces a queued one (exclusive
    worker group), so a dealer pressing "read aloud" twice hears it once.
    """
    app = widget.app

    def run() -> SpeechOutcome:
        outcome = backend.speak(text)
        if show is not None and (outcome.caption or outcome.error):
            line = f"🔈 {outcome.caption or text}"
            if outcome.error:
                line = f"🔈 Not said ({outcome.error}): {outcome.caption or text}"
            app.call_from_thread(show, line, outcome.error is not None)
            return outcome
        if outcome.caption:
            app.call_from_thread(
                app.notify,
                outcome.caption,
                title="🔈 Caption (not spoken)",
                timeout=8,
                markup=False,
            )
        if outcome.error:
            app.call_from_thread(
                app.notify,
                f"Not said: {outcome.error}",
                severity="warning",
                timeout=5,
                markup=False,
            )
        return outcome

    return widget.run_worker(run, thread=True, group="speech", exclusive=True, name="speech")
