#!/bin/sh
# Installs the bajutsu binary for this machine from a GitHub release (docs/install.md#install-script):
#
#   curl -fsSL https://github.com/bajutsu/bajutsu/releases/latest/download/install.sh | sh
#
# Picks the archive for this OS and CPU, checks it against the release's SHA256SUMS, and puts
# `bajutsu` in ~/.local/bin (or $BAJUTSU_INSTALL). Settings, all optional:
#   BAJUTSU_VERSION       a release such as 0.2.0 (default: the latest)
#   BAJUTSU_INSTALL       the folder to install into (default: ~/.local/bin)
#   BAJUTSU_REPO          the GitHub repository (default: bajutsu/bajutsu)
#   BAJUTSU_DOWNLOAD_URL  the folder holding the archives and SHA256SUMS (default: the release's)
#   BAJUTSU_OS, BAJUTSU_ARCH  stand in for `uname -s` / `uname -m`
set -eu

fail() {
  echo "bajutsu install: $*" >&2
  exit 1
}

repo=${BAJUTSU_REPO:-bajutsu/bajutsu}
version=${BAJUTSU_VERSION:-latest}
version=${version#v}
dest=${BAJUTSU_INSTALL:-"${HOME:?HOME is not set; set BAJUTSU_INSTALL}/.local/bin"}

# --- which archive ------------------------------------------------------------------------
os=${BAJUTSU_OS:-$(uname -s)}
arch=${BAJUTSU_ARCH:-$(uname -m)}
# An x86_64 shell under Rosetta on an Apple Silicon Mac still gets the native binary.
if [ -z "${BAJUTSU_ARCH:-}" ] && [ "$os" = Darwin ] && [ "$arch" = x86_64 ] &&
  [ "$(sysctl -n hw.optional.arm64 2>/dev/null || true)" = 1 ]; then
  arch=arm64
fi
case "$arch" in
  x86_64 | amd64) cpu=x86_64 ;;
  arm64 | aarch64) cpu=aarch64 ;;
  *) cpu="" ;;
esac
case "$os" in
  Darwin) system=apple-darwin ;;
  Linux)
    system=unknown-linux-gnu
    # The Linux binaries need glibc; musl systems (Alpine) cannot run them.
    if [ -z "${BAJUTSU_OS:-}" ] && ls /lib/ld-musl-* >/dev/null 2>&1; then system=""; fi
    ;;
  *) system="" ;;
esac
if [ -z "$cpu" ] || [ -z "$system" ]; then
  fail "unsupported platform: $os $arch. Releases exist for macOS and Linux (glibc) on" \
    "x86_64 and arm64; elsewhere install from source (docs/install.md#from-source)."
fi
target="$cpu-$system"

if [ -n "${BAJUTSU_DOWNLOAD_URL:-}" ]; then
  base=${BAJUTSU_DOWNLOAD_URL%/}
elif [ "$version" = latest ]; then
  base="https://github.com/$repo/releases/latest/download"
else
  base="https://github.com/$repo/releases/download/v$version"
fi

# --- tools ----------------------------------------------------------------------------------
# fetch URL FILE: prints the tool's error, if any, for the one line that reports a failure.
if command -v curl >/dev/null 2>&1; then
  fetch() { curl --proto '=https,http' -fsSL --retry 2 -o "$2" "$1" 2>&1; }
elif command -v wget >/dev/null 2>&1; then
  fetch() { wget -q -O "$2" "$1" 2>&1; }
else
  fail "needs curl or wget to download"
fi
if command -v sha256sum >/dev/null 2>&1; then
  sha256() { sha256sum "$1" | cut -d' ' -f1; }
elif command -v shasum >/dev/null 2>&1; then
  sha256() { shasum -a 256 "$1" | cut -d' ' -f1; }
else
  fail "needs sha256sum or shasum to verify the download"
fi
command -v tar >/dev/null 2>&1 || fail "needs tar to unpack the download"

tmp=$(mktemp -d 2>/dev/null || mktemp -d -t bajutsu)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- download and verify --------------------------------------------------------------------
download() {
  why=$(fetch "$1" "$2") || fail "could not download $1${why:+ ($(echo "$why" | head -n 1))}"
}

download "$base/SHA256SUMS" "$tmp/SHA256SUMS"
# The checksum list names every archive of the release, so it also tells the latest version.
line=$(grep -E "^[0-9a-f]{64}  bajutsu-[^ ]+-$target\.tar\.gz$" "$tmp/SHA256SUMS" | head -n 1 || true)
[ -n "$line" ] || fail "the release at $base has no archive for $target"
expected=${line%% *}
archive=${line##* }
if [ "$version" != latest ] && [ "$archive" != "bajutsu-$version-$target.tar.gz" ]; then
  fail "the release at $base lists $archive, not version $version"
fi

download "$base/$archive" "$tmp/$archive"
actual=$(sha256 "$tmp/$archive")
if [ "$actual" != "$expected" ]; then
  fail "checksum mismatch for $archive: SHA256SUMS says $expected, the download is $actual;" \
    "nothing was installed"
fi

mkdir "$tmp/unpacked"
tar -xzf "$tmp/$archive" -C "$tmp/unpacked" || fail "could not unpack $archive"
binary=$(find "$tmp/unpacked" -type f -name bajutsu | head -n 1)
[ -n "$binary" ] || fail "$archive holds no bajutsu binary"

# --- install --------------------------------------------------------------------------------
mkdir -p "$dest" || fail "cannot create $dest (set BAJUTSU_INSTALL to another folder)"
[ -w "$dest" ] || fail "cannot write to $dest (set BAJUTSU_INSTALL to another folder)"
# Copy, then rename over the old binary: a running bajutsu keeps its file.
cp "$binary" "$dest/.bajutsu.new.$$"
chmod 755 "$dest/.bajutsu.new.$$"
mv -f "$dest/.bajutsu.new.$$" "$dest/bajutsu"

installed=$("$dest/bajutsu" --version 2>/dev/null) || fail "installed $dest/bajutsu but it does not run on this machine"
echo "Installed $installed to $dest/bajutsu"
case ":${PATH:-}:" in
  *":$dest:"*) echo "Next: bajutsu --help" ;;
  *)
    echo "$dest is not on your PATH; add it (e.g. in ~/.profile):"
    echo "  export PATH=\"$dest:\$PATH\""
    echo "Next: $dest/bajutsu --help"
    ;;
esac
