# Sourced by the ztsrun --watch tests. wait_for <count> <pattern>: waits until $log holds <count> lines
# matching <pattern> (grep), up to 15 s; fails early (printing the log) when ztsrun ($pid) has ended.
wait_for() {
  for _ in $(seq 150); do
    [ "$(grep -c -- "$2" "$log" || true)" -ge "$1" ] && return 0
    kill -0 "$pid" 2>/dev/null || { echo "ztsrun ended early"; cat "$log"; return 1; }
    sleep 0.1
  done
  echo "timed out waiting for $1 x '$2'"; cat "$log"; return 1
}
