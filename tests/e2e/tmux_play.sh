#!/bin/sh
# tmux_play.sh BUILD — a person plays Catan against three bots in a real
# terminal: `ordo play rulesets/catan_cwc.ordo --players 4 --as 1` (the
# tournament rules) runs in a
# detached tmux session (its own server socket), keys are sent as a
# person would type them, and the screen is read back. Checks: the bots
# are announced, the board is drawn (hexes with their numbers, the
# intersections by number), the prompt names the player, a settlement
# typed shows on the map as s1, the player's own hand is shown and no
# other's, the bots' moves are printed, and several turns go by without
# an error. Last line: "N passed, M failed".
. "$(dirname "$0")/common.sh"
ORDO=$(pwd)/$BUILD/ordo
SOCK=ordo-test-$$
if ! command -v tmux >/dev/null 2>&1; then
    bad "tmux is missing (tests/tools/deps.sh installs it)"
    echo "$pass passed, $fail failed"
    exit 1
fi
trap 'tmux -L "$SOCK" kill-server 2>/dev/null; rm -rf "$tmp"' EXIT INT TERM
screen() { tmux -L "$SOCK" capture-pane -p -J -S - -t play 2>/dev/null; }
# wait_prompts N: until the screen holds N prompts of player 1 (30 s at most)
wait_prompts() {
    i=0
    while [ "$i" -lt 300 ]; do
        n=$(screen | grep -c '^player 1\(, your choice:\|: \)')
        [ "$n" -ge "$1" ] && return 0
        screen | grep -q '^ordo play: ' && return 1
        sleep 0.1
        i=$((i + 1))
    done
    return 1
}
type_line() { tmux -L "$SOCK" send-keys -t play "$1" Enter; }

tmux -L "$SOCK" -f /dev/null new-session -d -s play -x 110 -y 50 \
    "$ORDO play rulesets/catan_cwc.ordo --players 4 --as 1 --seed 3; echo \"exit status \$?\"; sleep 60"
tmux -L "$SOCK" set-option -t play history-limit 100000 >/dev/null
if wait_prompts 1; then ok; else bad "no first prompt:"; screen | tail -20; fi
screen >"$tmp/s1"
grep -q "^you are player 1; the other seats are played by the policy 'greedy'$" "$tmp/s1" &&
    ok || bad "the bots were not announced"
grep -q '^-- The map --$' "$tmp/s1" && grep -Eq '^ +1 +2 +3$' "$tmp/s1" &&
    grep -Eq '^ +\| +[FPGHMD] ?[0-9 ][0-9] ' "$tmp/s1" && ok || bad "the board is not drawn"
grep -q '^  [0-9]*) settlement on v1$' "$tmp/s1" && ok || bad "no settlement option on v1"
# the layer's own display follows the base's
grep -q '^-- The referee --$' "$tmp/s1" && grep -q '^    player 4: 0 fouls$' "$tmp/s1" &&
    ok || bad "the tournament layer's display is not shown"
# the person takes the settlement on v1 and its first road
type_line 1
sleep 0.3
type_line 1
if wait_prompts 3; then ok; else bad "play did not come back to player 1:"; screen | tail -20; fi
screen >"$tmp/s2"
grep -Eq '^ +s1 ' "$tmp/s2" && ok || bad "the settlement typed is not on the map"
grep -q '^  choice player 2: settlement on v' "$tmp/s2" && ok || bad "the bots' moves are not shown"
grep -q '^-- Your cards --$' "$tmp/s2" && grep -q '^    player 1: brick ' "$tmp/s2" &&
    ! grep -q '^    player [234]: brick ' "$tmp/s2" && ok || bad "the hand shown is not player 1's alone"
# the line editor's history (libedit): the arrow up brings back the last
# line typed, and Enter takes it as a choice
tmux -L "$SOCK" send-keys -t play Up Enter
if wait_prompts 4; then ok; else bad "the line brought back from the history was not taken:"
    screen | tail -20; fi
# a few more decisions: the game goes on, with no error
k=4
while [ "$k" -lt 12 ]; do
    type_line 1
    k=$((k + 1))
    wait_prompts "$k" || break
done
screen >"$tmp/s3"
if [ "$k" -eq 12 ] && grep -c '^player 1\(, your choice:\|: \)' "$tmp/s3" | grep -qx 12 &&
   ! grep -q 'runtime error' "$tmp/s3"; then ok; else
    bad "the game did not go on for 12 decisions:"; tail -20 "$tmp/s3"; fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
