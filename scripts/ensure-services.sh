#!/usr/bin/env bash
# Makes sure the services the test suite talks to are up: a real Redis on 127.0.0.1:6379, tmux
# (the agent prompt's tests type into a real terminal) and Debian's chromium at /usr/bin/chromium (the
# HTML report is tested in it, headless; never a downloaded browser). Installs Debian's redis-server,
# tmux and chromium when they are missing, starts Redis when nothing answers. Idempotent.
set -euo pipefail

redis_up() {
  if command -v redis-cli >/dev/null 2>&1; then
    redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG
  else
    (exec 3<>/dev/tcp/127.0.0.1/6379 && printf 'PING\r\n' >&3 && head -c 5 <&3 | grep -q PONG) 2>/dev/null
  fi
}

if ! redis_up; then
  if ! command -v redis-server >/dev/null 2>&1; then
    echo "ensure-services: installing redis-server from Debian's packages" >&2
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq redis-server >/dev/null
  fi
  echo "ensure-services: starting redis-server on 127.0.0.1:6379" >&2
  mkdir -p /tmp/agentd-redis
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no --dir /tmp/agentd-redis --logfile /tmp/agentd-redis/redis.log
  for _ in $(seq 1 50); do redis_up && break; sleep 0.1; done
  redis_up || { echo "ensure-services: redis did not start; see /tmp/agentd-redis/redis.log" >&2; exit 1; }
fi

if ! command -v tmux >/dev/null 2>&1; then
  echo "ensure-services: installing tmux from Debian's packages (test/cli/agent drives the prompt in it)" >&2
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq tmux >/dev/null
fi

if ! command -v ip >/dev/null 2>&1 && [ ! -x /usr/sbin/ip ] && [ ! -x /sbin/ip ]; then
  echo "ensure-services: installing iproute2 from Debian's packages (the sandbox brings up its own loopback with ip, for the project's HTTP tests)" >&2
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends iproute2 >/dev/null
fi

if [ ! -x /usr/bin/chromium ]; then
  echo "ensure-services: installing chromium from Debian's packages (the HTML report's filter is tested in it, headless)" >&2
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
