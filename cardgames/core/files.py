"""Files the library and the command line write: whole or not at all, and checked before any work.

A class's results and games must never be lost to a full disk, a file-size limit or an
interrupted run, so every file is written the same way (:func:`write`): to a temporary file
beside its target, flushed to the disk, and renamed over the target only when complete
(``os.replace`` is atomic within a folder).  A failure leaves the old file as it was and no
partial file behind.

:func:`probe` checks a target before the work that fills it (a million games, a game played
by hand): the folder exists and may be written, the target is not a folder, a device, a pipe
or a link to one, and a first block of the expected size can be written there, so a full
disk or a file-size limit fails in a second, not after the work.
"""

from __future__ import annotations

import contextlib
import os
import resource
import stat
import tempfile
from collections.abc import Callable, Sequence
from typing import Any

from .errors import InputError
from .i18n import Catalog
from .inputs import either, excerpt, thousands

_, ngettext = Catalog("cardgames").functions()

MAX_PATH = 4096  # characters: longer is no path of any file system here
PROBE_BYTES = 1 << 16  # written (and removed) beside the target before the work: a full disk shows at once


class FileError(ValueError, OSError):
    """A file that cannot be written or read: a ValueError as every bad argument is, and an OSError."""


def target(path: Any, what: str, extensions: Sequence[str] = ()) -> str:
    """The file ``path`` names (a link followed to the file it points to), after checking the name."""
    if not isinstance(path, (str, os.PathLike)):
        raise InputError(_("{what} is the path of a file, not {value}").format(what=what, value=excerpt(path, 40)))
    name = os.fspath(path)
    if isinstance(name, bytes) or not name or len(name) > MAX_PATH or "\0" in name:
        raise FileError(_("{what} {path} is not a path of a file").format(what=what, path=excerpt(name, 60)))
    if extensions and not name.endswith(tuple(extensions)):
        raise FileError(
            _("{what} must end in {extensions}, not {path}").format(
                what=what, extensions=either(list(extensions)), path=excerpt(name, 60)
            )
        )
    return os.path.realpath(name)  # a link: the file it points to is the one replaced


def probe(path: Any, what: str, extensions: Sequence[str] = (), size: int = 0) -> str:
    """Check that a file of about ``size`` bytes can be written at ``path``; return the file's real path.

    Refused with a :class:`FileError` (one sentence that says what to do): a folder that does
    not exist or cannot be written, a target that is a folder, a device, a pipe or a link to
    one, a size over the process's file-size limit or the free space, and a folder where a
    first block cannot be written (a full disk, a read-only file system).  Nothing is left behind.
    """
    real = target(path, what, extensions)
    shown = excerpt(os.fspath(path), 60)
    try:
        info = os.stat(real)
    except FileNotFoundError:
        info = None
    except OSError as error:
        raise FileError(
            _("{what} {path} cannot be used: {reason}").format(what=what, path=shown, reason=error.strerror)
        ) from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise FileError(_("{what} {path} is a folder; give a file name").format(what=what, path=shown))
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise FileError(
            _("{what} {path} is not a regular file (a device, pipe or socket); give the name of a file").format(
                what=what, path=shown
            )
        )
    folder = os.path.dirname(real)
    if not os.path.isdir(folder):
        raise FileError(_("{what}: the folder {folder} does not exist").format(what=what, folder=excerpt(folder, 60)))
    if not os.access(folder, os.W_OK | os.X_OK) or (info is not None and not os.access(real, os.W_OK)):
        raise FileError(_("{what}: {path} cannot be written (no permission)").format(what=what, path=shown))
    limit, _hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    if limit != resource.RLIM_INFINITY and size > limit:
        raise FileError(
            _(
                "{what}: the file would have about {size} bytes, over this process's file-size limit of {limit} "
                "bytes (ulimit -f); raise the limit or write less"
            ).format(what=what, size=thousands(size), limit=thousands(limit))
        )
    space = os.statvfs(folder)
    free = space.f_bavail * space.f_frsize
    if size > free:
        raise FileError(
            _("{what}: the file would have about {size} bytes, and the disk of {folder} has {free} free").format(
                what=what, size=thousands(size), folder=excerpt(folder, 60), free=thousands(free)
            )
        )
    block = b"\0" * min(PROBE_BYTES, max(size, 1))
    write(real, lambda file: file.write(block), what, keep=False)
    return real


def write(path: Any, fill: Callable[[Any], Any], what: str, keep: bool = True) -> str:
    """Write a file whole or not at all: ``fill(file)`` writes into a temporary file beside it.

    ``fill`` gets a binary file open for writing; when it returns, the file is flushed to the
    disk and renamed over ``path`` (its permissions kept where it existed).  If anything fails
    (``fill`` raises, the disk is full, the process is interrupted) the temporary file is
    removed and ``path`` is as it was; an OSError becomes a :class:`FileError` naming the file.
    ``keep=False`` removes the file after writing it (a probe).  Returns the real path written.
    """
    return _written(path, what, keep, lambda name, file: fill(file))


def write_with(path: Any, writer: Callable[[str], Any], what: str) -> str:
    """:func:`write` for a library that writes by file name (``DataFrame.to_csv(name)``, ``nbformat.write``).

    ``writer(name)`` writes the whole file at the temporary ``name``; it is then renamed over ``path``.
    """
    return _written(path, what, True, lambda name, file: writer(name))


def _written(path: Any, what: str, keep: bool, produce: Callable[[str, Any], Any]) -> str:
    real = target(path, what)
    folder, name = os.path.split(real)
    shown = excerpt(os.fspath(path), 60)
    temporary = None
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{name[:80]}.", suffix=".part")
        with os.fdopen(handle, "wb") as file:
            produce(temporary, file)
        descriptor = os.open(temporary, os.O_RDONLY)  # on the disk before it replaces anything
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
        if not keep:
            return real
        try:
            mode = stat.S_IMODE(os.stat(real).st_mode)
        except FileNotFoundError:
            mask = os.umask(0)
            os.umask(mask)
            mode = 0o666 & ~mask
        os.chmod(temporary, mode)
        os.replace(temporary, real)
        temporary = None
        return real
    except OSError as error:
        raise FileError(
            _("{what} {path} could not be written ({reason}); the file is as it was before").format(
                what=what, path=shown, reason=error.strerror or error
            )
        ) from None
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
