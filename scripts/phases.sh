# Phases of a long job with their times, sourced by scripts/main.sh and .ci/run (bash):
#   phase "NAME" "USUAL"   close the running phase (its time into the table) and announce the next one
#   phase_table            close the running phase and print the table of every phase, then the total
# USUAL says how long the phase takes on 2 cores from a fresh clone; both kinds of machine it was measured on.
phases=()
phases_started=$(date +%s)
phase_start=$phases_started
phase_name=""

phase() {
    local now
    now=$(date +%s)
    [ -n "$phase_name" ] && phases+=("$phase_name|$(( now - phase_start ))")
    phase_name="$1"
    phase_start=$now
    [ -n "$1" ] && echo "== [$(date +%H:%M:%S)] $1 (usually $2)"
    return 0
}

phase_table() {
    phase "" ""
    local entry seconds total
    echo
    echo "| phase | time |"
    echo "|---|---|"
    for entry in "${phases[@]}"; do
        seconds="${entry##*|}"
        printf '| %s | %d min %02d s |\n' "${entry%|*}" $(( seconds / 60 )) $(( seconds % 60 ))
    done
    total=$(( $(date +%s) - phases_started ))
    printf '| **all** | **%d min %02d s** |\n' $(( total / 60 )) $(( total % 60 ))
}
