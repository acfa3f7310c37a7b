#!/usr/bin/env bash
# Prepare a Debian/Ubuntu server for the systemd units in this folder (run once, as root):
# the `arena` user, the folders the units and env.example name, the repository in /opt/arena with
# its production virtualenv, /etc/arena/arena.env from deploy/env.example (0600), and the units.
#   sudo bash deploy/systemd/setup.sh            # from a checkout of the repository
# Then edit /etc/arena/arena.env (SECRET_KEY, hosts, DATABASE_URL…) and
#   sudo systemctl enable --now arena-web arena-worker arena-beat
set -euo pipefail
[ "$(id -u)" = 0 ] || { echo "Corré este script como root (sudo)." >&2; exit 1; }
here="$(cd "$(dirname "$0")/../.." && pwd)"

apt-get install -y -q make python3-venv postgresql-client >/dev/null
id arena >/dev/null 2>&1 || useradd --system --home-dir /opt/arena --shell /usr/sbin/nologin arena
install -d -o arena -g arena -m 0750 /opt/arena /var/lib/arena /var/lib/arena/media /var/lib/arena/backups
install -d -o root -g arena -m 0750 /etc/arena
if [ "$here" != /opt/arena ]; then
  cp -a "$here"/. /opt/arena/
  chown -R arena:arena /opt/arena
fi
[ -f /etc/arena/arena.env ] || install -o root -g arena -m 0640 "$here/deploy/env.example" /etc/arena/arena.env
sudo -u arena make -C /opt/arena install-prod
install -m 0644 "$here"/deploy/systemd/arena-*.service /etc/systemd/system/
systemctl daemon-reload
echo "Listo. Editá /etc/arena/arena.env y después: systemctl enable --now arena-web arena-worker arena-beat"
