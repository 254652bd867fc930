#!/bin/sh
# Installs uno-table as a systemd kiosk service on Raspberry Pi OS (Bookworm or later), or
# removes it. `sudo make install` and `sudo make uninstall` run this.
#
#   sudo sh systemd/install.sh install     # or uninstall (keeps the journal and the configuration)
#
# DESTDIR=/some/root puts the files under that root and only prints the steps that need the
# live system (apt-get, groupadd/useradd, the virtual environment, systemctl).
# Running it again changes nothing unless the source changed. A run that fails leaves no
# temporary file behind, and the next run finishes the job.
set -eu

SRC=$(cd "$(dirname "$0")/.." && pwd)
DESTDIR=${DESTDIR:-}
PREFIX=/opt/uno-table
CONF=/etc/uno-table/table.toml
UNIT=/etc/systemd/system/uno-table.service
LAUNCHER=/usr/local/bin/uno-table
STATE=/var/lib/uno-table
ACCOUNT=uno-table
EXTRA_GROUPS="gpio video render input dialout audio"  # the unit's SupplementaryGroups=
# Debian's lgpio for the pin factory (pip has no wheel for every Python); SDL's kmsdrm video
# loads GBM, EGL and GLES and the Mesa drivers at run time, and its sound ALSA's libasound
# (alsa-utils brings it, and `aplay -l`).
PACKAGES="python3-venv libgbm1 libegl1 libgles2 libgl1-mesa-dri alsa-utils"
PI_PACKAGES="python3-lgpio"
# Where python3-lgpio comes from: Raspberry Pi OS has this archive, plain Debian does not.
PI_ARCHIVE="http://archive.raspberrypi.com/debian/"
MODEL_FILE=${MODEL_FILE:-/proc/device-tree/model}  # the board's name (tests point elsewhere)
SOURCES="pyproject.toml README.md wiring.md docs/wiring.svg engine hw table systemd"
CHANGED=0
FRESH=0

say() { echo "uno-table: $*"; }

# Stop the run, saying why on standard error.
stop() {
    say "$*" >&2
    exit 1
}

dry() { [ -n "$DESTDIR" ]; }

# Run a command on the live system; with DESTDIR, print it instead (as it would run where
# needed: what the live system already has is not looked at).
run() {
    if dry; then
        echo "would run: $*"
    else
        echo "+ $*"
        "$@"
    fi
}

# put MODE FILE TARGET: install FILE as DESTDIR/TARGET unless it is already there, the same.
put() {
    if [ -f "$DESTDIR$3" ] && cmp -s "$2" "$DESTDIR$3"; then
        return 0
    fi
    install -D -m "$1" "$2" "$DESTDIR$3"
    say "installed $3"
    CHANGED=1
}

# The source files the install is made of (no caches, no build output), one per line.
source_files() {
    # shellcheck disable=SC2086  # word splitting of the list is meant
    (cd "$SRC" && find $SOURCES -type f ! -path '*__pycache__*' ! -name '*.pyc' | LC_ALL=C sort)
}

on_a_pi() { grep -qs "Raspberry Pi" "$MODEL_FILE"; }

# Refuse a machine the table cannot run on, before anything is changed.
check_machine() {
    arch=$(dpkg --print-architecture 2>/dev/null || uname -m)
    case $arch in
    armhf | armel | arm | armv6l | armv7l)
        stop "this is a 32-bit system ($arch): pygame-ce, which draws the table, has no" \
            "package for it. Flash Raspberry Pi OS Lite (64-bit) and run this again."
        ;;
    esac
}

# The packages of $@ that apt cannot install (no candidate in any of its sources).
unknown_packages() {
    for package in "$@"; do
        candidate=$(apt-cache policy "$package" 2>/dev/null | sed -n 's/^ *Candidate: *//p')
        if [ -z "$candidate" ] || [ "$candidate" = "(none)" ]; then
            echo "$package"
        fi
    done
}

missing_packages() {
    for package in "$@"; do
        dpkg-query -W -f '${Status}\n' "$package" 2>/dev/null | grep -q "ok installed" ||
            echo "$package"
    done
}

install_packages() {
    wanted=$PACKAGES
    if dry || on_a_pi; then
        wanted="$wanted $PI_PACKAGES"
    fi
    if dry; then
        # shellcheck disable=SC2086  # one word a package
        run apt-get install -y $wanted
        return
    fi
    if ! command -v apt-get >/dev/null; then
        say "no apt-get here: make sure these are installed: $wanted"
        return
    fi
    # shellcheck disable=SC2086  # one word a package
    missing=$(missing_packages $wanted)
    if [ -n "$missing" ]; then
        run apt-get update
        # shellcheck disable=SC2086  # one word a package
        unknown=$(unknown_packages $missing | tr '\n' ' ')
        case " $unknown " in
        *" python3-lgpio "*)
            codename=$(sed -n 's/^VERSION_CODENAME=//p' /etc/os-release 2>/dev/null)
            stop "apt has no python3-lgpio, the GPIO library: it is in the Raspberry Pi" \
                "archive, which Raspberry Pi OS has and plain Debian does not ('deb" \
                "$PI_ARCHIVE ${codename:-bookworm} main', signed by raspberrypi-archive-keyring)." \
                "Add that archive, or use Raspberry Pi OS, and run this again."
            ;;
        *[a-z]*) stop "apt has no package called: $unknown" ;;
        esac
        # shellcheck disable=SC2086  # one word a package
        run apt-get install -y $missing
    fi
}

install_account() {
    for group in $EXTRA_GROUPS; do
        # gpio exists on Raspberry Pi OS only; systemd refuses a unit naming a missing group.
        if dry || ! getent group "$group" >/dev/null; then
            run groupadd --system "$group"
        fi
    done
    list=$(echo "$EXTRA_GROUPS" | tr ' ' ',')
    if dry || ! id -u "$ACCOUNT" >/dev/null 2>&1; then
        run useradd --system --user-group --groups "$list" --home-dir "$STATE" --no-create-home \
            --shell /usr/sbin/nologin --comment uno-table "$ACCOUNT"
        return
    fi
    for group in $EXTRA_GROUPS; do
        if ! id -nG "$ACCOUNT" | tr ' ' '\n' | grep -qx "$group"; then
            run usermod --append --groups "$list" "$ACCOUNT"
            return
        fi
    done
}

# The source in PREFIX/src and its own venv there, redone only when the source changed.
install_program() {
    listing=$WORK/source.sha256
    (cd "$SRC" && source_files | xargs sha256sum) >"$listing"
    fresh=0
    if ! cmp -s "$listing" "$DESTDIR$PREFIX/source.sha256"; then
        rm -rf "$DESTDIR$PREFIX/src"
        for file in $(source_files); do
            mode=644
            [ -x "$SRC/$file" ] && mode=755
            install -D -m "$mode" "$SRC/$file" "$DESTDIR$PREFIX/src/$file"
        done
        say "installed the source in $PREFIX/src"
        fresh=1
        CHANGED=1
    fi
    venv=$PREFIX/venv
    if dry; then
        run python3 -m venv --system-site-packages "$venv"
        run "$venv/bin/pip" install "$PREFIX/src"
    elif [ "$fresh" = 1 ] || [ ! -x "$venv/bin/uno-table" ]; then
        # System site packages: Debian's python3-lgpio, for which pip may have no wheel.
        [ -x "$venv/bin/python" ] || run python3 -m venv --system-site-packages "$venv"
        # Built from a copy so that the build leaves nothing behind in src.
        build=$WORK/build
        cp -R "$PREFIX/src/." "$build"
        run "$venv/bin/pip" install --quiet --disable-pip-version-check "$build"
        rm -rf "$build"
        CHANGED=1
    fi
    FRESH=$fresh
}

# The source's stamp, once the table runs it: a run that failed before (even just before the
# restart) is done again next time.
stamp_program() {
    if [ "$FRESH" = 1 ]; then
        install -D -m 644 "$WORK/source.sha256" "$DESTDIR$PREFIX/source.sha256"
    fi
}

install_files() {
    put 644 "$SRC/systemd/uno-table.service" "$UNIT"
    put 755 "$SRC/systemd/uno-table" "$LAUNCHER"
    if [ ! -e "$DESTDIR$CONF" ]; then
        # The shipped default, with the journal in the service's StateDirectory.
        conf=$WORK/table.toml
        sed "s|^state_dir = .*|state_dir = \"$STATE\"   # the service's StateDirectory|" \
            "$SRC/table/default.toml" >"$conf"
        install -D -m 644 "$conf" "$DESTDIR$CONF"
        say "installed $CONF (yours from now on: install never overwrites it)"
    fi
}

start_service() {
    # Always: a run that died between writing the unit and this leaves systemd a stale unit.
    run systemctl daemon-reload
    if dry || ! systemctl --quiet is-enabled uno-table.service 2>/dev/null; then
        run systemctl enable uno-table.service
    fi
    action=
    if [ "$CHANGED" = 1 ] && ! dry && systemctl --quiet is-active uno-table.service; then
        action=restart
    elif dry || ! systemctl --quiet is-active uno-table.service; then
        action=start
    fi
    # Waits for the first frame (READY=1); a table that cannot start says why in the journal.
    if [ -n "$action" ] && ! run systemctl "$action" uno-table.service; then
        say "the table did not start: journalctl -u uno-table says why; it keeps trying"
        exit 1
    fi
}

do_install() {
    check_machine
    install_packages
    install_account
    install_program
    install_files
    start_service
    stamp_program
    if dry; then
        say "done: the files are in $DESTDIR; the steps on the live system were only printed"
    else
        say "done: the table starts at boot; logs: journalctl -u uno-table"
    fi
}

do_uninstall() {
    if dry || [ -e "$UNIT" ]; then
        run systemctl disable --now uno-table.service
    fi
    rm -f "$DESTDIR$UNIT" "$DESTDIR$LAUNCHER"
    rm -rf "$DESTDIR$PREFIX"
    if dry || id -u "$ACCOUNT" >/dev/null 2>&1; then
        run userdel "$ACCOUNT"
    fi
    run systemctl daemon-reload
    # The login prompt back on the screen (the kiosk had taken tty1 from it).
    run systemctl start getty@tty1.service
    say "removed; kept $CONF and the journal in $STATE"
}

case "${1:-}" in
install | uninstall)
    if ! dry && [ "$(id -u)" != 0 ]; then
        say "run it as root: sudo make $1"
        exit 1
    fi
    # Every temporary file in one folder, gone however the run ends (a signal runs the EXIT trap
    # through exit).
    WORK=$(mktemp -d "${TMPDIR:-/tmp}/uno-table-install.XXXXXX")
    trap 'rm -rf "$WORK"' EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM HUP
    "do_$1"
    ;;
*)
    echo "usage: $0 install|uninstall   (DESTDIR=ROOT to install under ROOT)" >&2
    exit 2
    ;;
esac
