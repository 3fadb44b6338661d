#!/usr/bin/env python3
"""Generates arbiter's single headers from include/arbiter/.

    .ci/single_header.py --out DIR [--shim DIR] [--check]

writes two self-contained headers:

    DIR/arbiter.hpp         every header of include/arbiter/ that does not need fmt
    DIR/arbiter_format.hpp  the same plus the headers that need fmt (format.hpp)

Each local include ("x.hpp", "../x.hpp" or <arbiter/x.hpp>) is inlined once, where it is
first included, exactly as the preprocessor reads the headers with #pragma once (so the
headers come in dependency order, and headers that include each other, as position.hpp
and movegen.hpp do, come out as the compiler sees them); standard and other system
includes (<vector>, <fmt/format.h>, ...) are kept, each once. Every *.hpp under include/arbiter/ is
picked up: a new header needs no change here. A header is "format" when it, or a header
it includes, includes <fmt/...>; the core file then contains no fmt at all. Both files
share one include guard for the core part, so including both in one translation unit is
fine.

--shim DIR writes one forwarding header per library header (DIR/arbiter/game.hpp, ...),
each including the single header that contains it: with -I DIR instead of -I include,
code written for the modular headers is compiled against the single header (the
single-header CI stage builds the whole test suite that way).

--check compares instead of writing and exits 1 when a file is missing or stale.
Generation fails (exit 2, with the file and line) when a local include cannot be found,
or when a local include is conditional (inside #if), since inlining it once would change
its meaning.
"""

import argparse
import pathlib
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
CONDITIONAL_OPEN = re.compile(r"^\s*#\s*if(n?def)?\b")
CONDITIONAL_CLOSE = re.compile(r"^\s*#\s*endif\b")
PRAGMA_ONCE = re.compile(r"^\s*#\s*pragma\s+once\b")
VERSION = re.compile(r"^\s*#\s*define\s+ARBITER_VERSION_(MAJOR|MINOR|PATCH)\s+(\d+)")

CORE_GUARD = "ARBITER_SINGLE_HEADER_CORE"
FORMAT_GUARD = "ARBITER_SINGLE_HEADER_FORMAT"


class GenerationError(Exception):
    pass


class Library:
    """The headers under <include>/arbiter/, their local and system includes."""

    def __init__(self, include_dir: pathlib.Path):
        self.root = include_dir.resolve()
        self.headers = sorted(
            p.relative_to(self.root).as_posix() for p in (self.root / "arbiter").rglob("*.hpp")
        )
        if "arbiter/arbiter.hpp" not in self.headers:
            raise GenerationError(f"{self.root}/arbiter/arbiter.hpp not found")
        self.lines = {h: (self.root / h).read_text(encoding="utf-8").splitlines() for h in self.headers}
        self.local = {h: self._local_includes(h) for h in self.headers}
        self.needs_fmt = {}
        for h in self.headers:
            self._fmt(h, [])

    def resolve(self, header: str, delimiter: str, name: str, line_no: int):
        """The library header an include names, or None for a system include."""
        candidates = []
        if delimiter == '"':
            candidates.append((self.root / header).parent / name)
        candidates.append(self.root / name)
        for c in candidates:
            c = c.resolve()
            if c.is_file() and self.root in c.parents:
                rel = c.relative_to(self.root).as_posix()
                if rel in self.lines:
                    return rel
        if delimiter == '"' or name.startswith("arbiter/"):
            raise GenerationError(f"{self.root / header}:{line_no}: cannot resolve #include {delimiter}{name}")
        return None

    def _local_includes(self, header):
        found = []
        depth = 0
        for n, line in enumerate(self.lines[header], 1):
            if CONDITIONAL_OPEN.match(line):
                depth += 1
            elif CONDITIONAL_CLOSE.match(line):
                depth -= 1
            m = INCLUDE.match(line)
            if not m:
                continue
            target = self.resolve(header, m.group(1), m.group(2), n)
            if target is None:
                continue
            if depth > 0:
                raise GenerationError(
                    f"{self.root / header}:{n}: a conditional local include cannot be inlined once"
                )
            found.append(target)
        return found

    def _fmt(self, header, _stack):
        # Reachability over the include graph (headers may include each other, as
        # position.hpp and movegen.hpp do: #pragma once makes that well-defined).
        seen, todo = set(), [header]
        while todo:
            h = todo.pop()
            if h in seen:
                continue
            seen.add(h)
            todo.extend(self.local[h])
        result = any(
            (m := INCLUDE.match(line)) and m.group(1) == "<" and m.group(2).startswith("fmt/")
            for h in seen
            for line in self.lines[h]
        )
        self.needs_fmt[header] = result
        return result

    def version(self):
        parts = {}
        for line in self.lines.get("arbiter/config.hpp", []):
            m = VERSION.match(line)
            if m:
                parts[m.group(1)] = m.group(2)
        return ".".join(parts.get(k, "?") for k in ("MAJOR", "MINOR", "PATCH"))


class Amalgamation:
    """Inlines headers in dependency order, each once; system includes once at file level."""

    def __init__(self, library: Library):
        self.lib = library
        self.done = set()
        self.system_includes = set()
        self.order = []

    def emit(self, header, out):
        """Inlines `header` where it is included, as the preprocessor does with #pragma
        once: a header already entered (even one still open, in a mutual inclusion) is
        skipped."""
        if header in self.done:
            return
        self.done.add(header)
        out.append(f"// ---- begin {header} " + "-" * max(4, 80 - len(header)))
        depth = 0
        for n, line in enumerate(self.lib.lines[header], 1):
            if PRAGMA_ONCE.match(line):
                continue
            if CONDITIONAL_OPEN.match(line):
                depth += 1
            elif CONDITIONAL_CLOSE.match(line):
                depth -= 1
            m = INCLUDE.match(line)
            if m:
                target = self.lib.resolve(header, m.group(1), m.group(2), n)
                if target is not None:
                    out.append(f"// {line.strip()}: inlined once")
                    self.emit(target, out)
                    continue
                key = f"{m.group(1)}{m.group(2)}"
                if depth == 0:
                    if key in self.system_includes:
                        continue
                    self.system_includes.add(key)
            out.append(line)
        out.append(f"// ---- end {header} " + "-" * max(4, 82 - len(header)))
        self.order.append(header)


def banner(library, contents, extra):
    lines = [
        f"// arbiter {library.version()}, single header{extra}.",
        "// Generated by .ci/single_header.py from include/arbiter/: do not edit; edit those",
        "// headers instead. MIT License, Copyright (c) 2026 The arbiter authors.",
        "//",
        "// Contains, in this order:",
    ]
    lines += [f"//   {h}" for h in contents]
    return lines


def generate(library):
    core_headers = [h for h in library.headers if not library.needs_fmt[h]]
    # arbiter.hpp first so its include order decides the layout, then any header it
    # does not include (a new one not yet listed there), in name order.
    roots = ["arbiter/arbiter.hpp"] + [h for h in core_headers if h != "arbiter/arbiter.hpp"]
    amalgam = Amalgamation(library)
    core = []
    for h in roots:
        amalgam.emit(h, core)
    core_order = list(amalgam.order)
    format_part = []
    for h in library.headers:
        if library.needs_fmt[h]:
            amalgam.emit(h, format_part)
    format_order = amalgam.order[len(core_order):]
    missing = set(library.headers) - set(amalgam.order)
    if missing:
        raise GenerationError(f"headers left out: {sorted(missing)}")
    if set(core_order) != set(core_headers):
        wrong = sorted(set(core_order) - set(core_headers))
        raise GenerationError(f"a core header includes a header that needs fmt: {wrong}")

    def core_block():
        return [f"#ifndef {CORE_GUARD}", f"#define {CORE_GUARD}", ""] + core + [f"#endif  // {CORE_GUARD}"]

    core_file = ["#pragma once"] + banner(library, core_order, " (without fmt)") + [""] + core_block()
    format_file = (
        ["#pragma once"]
        + banner(library, core_order + format_order, " with format.hpp (needs fmt)")
        + [""]
        + core_block()
        + ["", f"#ifndef {FORMAT_GUARD}", f"#define {FORMAT_GUARD}", ""]
        + format_part
        + [f"#endif  // {FORMAT_GUARD}"]
    )
    text = lambda lines: "\n".join(lines) + "\n"
    return text(core_file), text(format_file), {h: not library.needs_fmt[h] for h in library.headers}


def main():
    here = pathlib.Path(__file__).resolve().parent
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--include-dir", type=pathlib.Path, default=here.parent / "include")
    parser.add_argument("--out", type=pathlib.Path, required=True, help="folder for the two single headers")
    parser.add_argument("--shim", type=pathlib.Path, help="folder for the forwarding headers")
    parser.add_argument("--check", action="store_true", help="compare, do not write; exit 1 if stale")
    args = parser.parse_args()

    try:
        library = Library(args.include_dir)
        core_text, format_text, is_core = generate(library)
    except (GenerationError, OSError, UnicodeDecodeError) as e:
        print(f"single_header.py: error: {e}", file=sys.stderr)
        return 2

    out = args.out.resolve()
    files = {out / "arbiter.hpp": core_text, out / "arbiter_format.hpp": format_text}
    if args.shim:
        for header, core in is_core.items():
            target = out / ("arbiter.hpp" if core else "arbiter_format.hpp")
            files[args.shim.resolve() / header] = (
                "#pragma once\n"
                f"// Forwards <{header}> to the single header (written by .ci/single_header.py).\n"
                f'#include "{target.as_posix()}"\n'
            )

    stale = []
    for path, content in files.items():
        current = path.read_text(encoding="utf-8") if path.is_file() else None
        if current == content:
            continue
        if args.check:
            stale.append(path)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8", newline="\n")
    if stale:
        for path in stale:
            print(f"single_header.py: {path} is missing or stale", file=sys.stderr)
        return 1
    if args.check:
        print(f"single_header.py: {len(files)} files up to date ({len(library.headers)} headers)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
