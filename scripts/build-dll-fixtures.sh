#!/usr/bin/env bash
# Builds the small Windows DLLs the inspection tests read (docs/inspection.md), from the C sources in
# apps/server/test/fixtures/dlls/src, into apps/server/test/fixtures/dlls (or the folder given).
# Needs MinGW-w64: Debian's gcc-mingw-w64-x86-64 (and gcc-mingw-w64-i686 for the 32-bit one; without
# it, the 32-bit fixture is the clean x64 DLL with its Machine field patched to i386, and this says so).
# -s and --no-insert-timestamp keep the output small and the same from one build to the next.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
src="$here/apps/server/test/fixtures/dlls/src"
out="${1:-$here/apps/server/test/fixtures/dlls}"
mkdir -p "$out"
cc64=x86_64-w64-mingw32-gcc
cc32=i686-w64-mingw32-gcc
flags=(-shared -O2 -s -Wl,--no-insert-timestamp -Wl,--build-id=none -Wl,--disable-auto-image-base)
command -v "$cc64" >/dev/null || { echo "$cc64 is missing: apt-get install gcc-mingw-w64-x86-64" >&2; exit 1; }
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

"$cc64" "${flags[@]}" -o "$out/injector.dll" "$src/injector.c" -lurlmon
"$cc64" "${flags[@]}" -o "$out/launcher.dll" "$src/launcher.c" -lurlmon
"$cc64" "${flags[@]}" -o "$out/clean.dll" "$src/clean.c"
"$cc64" "${flags[@]}" -o "$out/urls.dll" "$src/urls.c"
# An import library naming ws2_32.dll's #115 by ordinal only, and an export by ordinal only.
x86_64-w64-mingw32-dlltool -d "$src/ordinal-imports.def" -l "$tmp/libws2ord.a"
"$cc64" "${flags[@]}" -o "$out/ordinal.dll" "$src/ordinal.c" "$src/ordinal-exports.def" "$tmp/libws2ord.a"

if command -v "$cc32" >/dev/null; then
  "$cc32" "${flags[@]}" -o "$out/x86.dll" "$src/x86.c"
else
  echo "$cc32 is missing: x86.dll is clean.dll with its Machine field patched to i386 (0x014c)" >&2
  cp "$out/clean.dll" "$out/x86.dll"
  # e_lfanew at 0x3c; the Machine field follows the 4-byte PE signature.
  pe=$(od -An -t u4 -j 60 -N 4 "$out/x86.dll" | tr -d ' ')
  printf '\x4c\x01' | dd of="$out/x86.dll" bs=1 seek=$((pe + 4)) conv=notrunc status=none
fi

cp "$src/not-a-dll.txt" "$out/not-a-dll.dll"
ls -l "$out"/*.dll
