# Phases of a long job with their times, sourced by scripts/main.sh and .ci/run (bash):
#   phase "NAME" "USUAL"   close the running phase (its time into the table) and announce the next one
#   phase_table            close the running phase and print the table of every phase, then the total
# USUAL says how long the phase takes on 2 cores from a fresh clone; both kinds of machine it was measured on.
# Beside each phase's wall time the table gives the CPU time its commands used (user + system, of the processes
# the script waited for, so a background install counts in the phase that waits for it): where CPU time is about
# twice the wall time both cores were busy, and only less work makes the phase shorter.
phases=()
phases_started=$(date +%s)
phase_start=$phases_started
phase_name=""

# cpu_seconds: the CPU time (user + system) of the children this shell has waited for so far, in seconds.
cpu_seconds() {
    local stat
    stat=$(cat "/proc/$$/stat" 2>/dev/null) || { echo 0; return; }
    stat=${stat##*) }  # the fields after the command name
    set -- $stat       # $1 is field 3 (state): cutime and cstime are fields 16 and 17
    echo $(( (${14} + ${15}) / $(getconf CLK_TCK) ))
}
phase_cpu_start=$(cpu_seconds)

phase() {
    local now cpu
    now=$(date +%s)
    cpu=$(cpu_seconds)
    [ -n "$phase_name" ] && phases+=("$phase_name|$(( cpu - phase_cpu_start ))|$(( now - phase_start ))")
    phase_name="$1"
    phase_start=$now
    phase_cpu_start=$cpu
    [ -n "$1" ] && echo "== [$(date +%H:%M:%S)] $1 (usually $2)"
    return 0
}

phase_table() {
    phase "" ""
    local entry seconds cpu name total
    echo
    echo "| phase | time | CPU time |"
    echo "|---|---|---|"
    for entry in "${phases[@]}"; do
        seconds="${entry##*|}"
        name="${entry%|*}"
        cpu="${name##*|}"
        printf '| %s | %d min %02d s | %d min %02d s |\n' "${name%|*}" $(( seconds / 60 )) $(( seconds % 60 )) \
            $(( cpu / 60 )) $(( cpu % 60 ))
    done
    total=$(( $(date +%s) - phases_started ))
    cpu=$(cpu_seconds)
    printf '| **all** | **%d min %02d s** | **%d min %02d s** |\n' $(( total / 60 )) $(( total % 60 )) \
        $(( cpu / 60 )) $(( cpu % 60 ))
}
