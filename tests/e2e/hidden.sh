#!/bin/sh
# hidden.sh BUILD [SEEDS] — no hidden value reaches another seat. Plays
# examples/language/hidden.ordo on seeds 1..SEEDS (default HIDDEN_SEEDS or 100), 2 and 3
# players, and for every seat compares `ordo run --as SEAT` with the full
# trace, in text and JSONL, through the interpreter and the emitted C:
#   - each line of the seat's trace is the full line with some values
#     replaced by "?" (nothing else changes, nothing is added or dropped);
#   - another player's draw (an event's hidden param), another player's
#     secret bid (a choice's option), a reveal to someone else, are "?";
#   - the seat's own draws and bids, and reveals to everyone, are whole.
# Then `ordo play` with two people at one screen: neither's secret bid is
# printed; and the traces of games with an MCTS seat. Last line: "N
# passed, M failed".
. "$(dirname "$0")/common.sh"
SEEDS=${2:-${HIDDEN_SEEDS:-100}}
ORDO=$BUILD/ordo HOST=$BUILD/lang/hidden_host
SRC=examples/language/hidden.ordo

# masked_ok FULL SEEN SEAT: every line of SEEN is its line of FULL with
# values masked, and what SEAT may not see is masked (awk, line by line)
masked_ok() {
    awk -v seat="player $3" '
        NR == FNR { full[FNR] = $0; n = FNR; next }
        {
            f = full[FNR]; s = $0
            if (FNR > n) { print "extra line " FNR ": " s; bad = 1; exit }
            # the same line once every "?" of s stands for any value
            pat = s
            gsub(/[][().*+^$|{}\\]/, "\\\\&", pat)
            gsub(/\?/, "[^,)]*", pat)
            if (f !~ "^" pat "$") { print "line " FNR ": \"" s "\" is not \"" f "\" masked"; bad = 1 }
            mine = index(f, "(" seat ",") || index(f, "choice " seat ":") || index(f, "to " seat ":")
            secret = f ~ /event drew\(/ || f ~ /choice player [0-9]+: bid/ || f ~ /reveal hand/
            if (secret && !mine && f ~ /reveal hand\[/ && index(f, "hand[" seat ","))
                mine = 1 # the owner of the cell
            if (secret && !mine && s !~ /\?/) { print "line " FNR " leaks: " s; bad = 1 }
            if (secret && mine && s != f) { print "line " FNR " hides from its own seat: " s; bad = 1 }
        }
        END { if (FNR < n && !bad) { print "missing lines"; bad = 1 } exit bad }
    ' "$1" "$2"
}

for p in 2 3; do
    s=1
    while [ "$s" -le "$SEEDS" ]; do
        "$ORDO" run "$SRC" --seed "$s" --players "$p" >"$tmp/full" 2>&1
        seat=1
        while [ "$seat" -le "$p" ]; do
            "$ORDO" run "$SRC" --seed "$s" --players "$p" --as "$seat" >"$tmp/seen" 2>&1
            if masked_ok "$tmp/full" "$tmp/seen" "$seat" >"$tmp/why"; then ok; else
                bad "seed $s, $p players, --as $seat: $(head -1 "$tmp/why")"
            fi
            for fmt in text jsonl; do
                "$ORDO" run "$SRC" --seed "$s" --players "$p" --as "$seat" --trace $fmt \
                    >"$tmp/a" 2>&1
                "$HOST" --seed "$s" --players "$p" --as "$seat" --trace $fmt >"$tmp/b" 2>&1
                if cmp -s "$tmp/a" "$tmp/b"; then ok; else
                    bad "seed $s, $p players, --as $seat, $fmt: ordo run and the emitted C differ"
                fi
            done
            seat=$((seat + 1))
        done
        s=$((s + 1))
    done
done

# an MCTS seat (its search must not read what its seat cannot see: the
# unit test test_mcts.c deals the unseen cards otherwise and requires the
# same search) prints nothing of its playouts: the trace is the replay of
# the decisions taken, and each seat's is the full one masked
for s in 1 2 3; do
    "$ORDO" run "$SRC" --seed "$s" --players 2 --policy 2=mcts --playouts 30 \
        --record "$tmp/rec" >"$tmp/full" 2>&1
    "$ORDO" run "$SRC" --seed "$s" --players 2 --choices "$tmp/rec" >"$tmp/replay" 2>&1
    if cmp -s "$tmp/full" "$tmp/replay"; then ok; else
        bad "mcts, seed $s: the trace is not the replay of its decisions"
    fi
    for seat in 1 2; do
        "$ORDO" run "$SRC" --seed "$s" --players 2 --policy 2=mcts --playouts 30 --as "$seat" \
            >"$tmp/seen" 2>&1
        if masked_ok "$tmp/full" "$tmp/seen" "$seat" >"$tmp/why"; then ok; else
            bad "mcts, seed $s, --as $seat: $(head -1 "$tmp/why")"
        fi
    done
done

# JSONL: a masked value is the string "?"
"$ORDO" run "$SRC" --seed 3 --players 2 --as 2 --trace jsonl >"$tmp/j" 2>&1
if grep -q '"kind":"event".*"p":"player 1","g":"?"' "$tmp/j" &&
   grep -q '"kind":"event".*"p":"player 2","g":"[a-z]*"' "$tmp/j"; then ok; else
    bad "JSONL --as 2: player 1's draws are not \"?\" or player 2's are"
fi
# --as outside the game
"$ORDO" run "$SRC" --players 2 --as 3 >/dev/null 2>"$tmp/err"
if [ $? -eq 2 ] && grep -q -- '--as 3: a 2-player game' "$tmp/err"; then ok; else
    bad "--as 3 in a 2-player game is not a usage error"
fi
# a policy that reads its own seat's hand plays
if "$ORDO" run "$SRC" --policy hoarder --seed 4 --trace none; then ok; else
    bad "--policy hoarder"
fi
# two people at one screen: neither's secret bid is printed; each's own
# draws are not either (the screen is shared), but the reveals are
printf '1\n1\n1\n1\n' >"$tmp/in"
"$ORDO" play "$SRC" --seed 2 --players 2 <"$tmp/in" >"$tmp/play" 2>&1
if grep -q 'choice player 1: ?' "$tmp/play" && grep -q 'choice player 2: ?' "$tmp/play" &&
   ! grep -q 'choice player [12]: bid' "$tmp/play" && grep -q 'reveal bid\[player 1\] to everyone: ' "$tmp/play"
then ok; else
    bad "ordo play, two people: a secret bid shows"; head -20 "$tmp/play" | sed 's/^/    /'
fi
# simultaneous decisions: each player's choice is "?" to the others until
# it is revealed with the rest; the revealed choices are whole for all
SIM=examples/language/simultaneous.ordo
"$ORDO" run "$SIM" --seed 2 --players 3 --as 2 >"$tmp/sim" 2>&1
if grep -q 'choice player 1: ?' "$tmp/sim" && grep -q 'choice player 3: ?' "$tmp/sim" &&
   ! grep -q '^[0-9]* choice player [13]: [bp]' "$tmp/sim" &&
   grep -q 'revealed choice player 1: ' "$tmp/sim" && ! grep -q 'revealed choice.*?' "$tmp/sim"
then ok; else
    bad "simultaneous.ordo --as 2: a choice shows before its reveal"; head -12 "$tmp/sim" | sed 's/^/    /'
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
