#!/usr/bin/env bash
# A single-node Slurm cluster on this machine (Debian's slurm-wlm and munge), to try the featrank array
# job on: installs the packages when absent, writes a one-node slurm.conf (all CPUs, 90% of the memory),
# starts munged, slurmctld and slurmd, and waits until the node is idle. Run as root; Debian/Ubuntu only.
# Stop it again with: pkill slurmd; pkill slurmctld; pkill munged
set -euo pipefail
if [ "$(id -u)" != 0 ]; then
    echo "run as root: this installs packages and starts daemons" >&2
    exit 1
fi
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge
fi
host=$(hostname -s)
cpus=$(nproc)
mem_mb=$(awk '/MemTotal/ {print int($2 / 1024 * 0.9)}' /proc/meminfo)
mkdir -p /etc/slurm /var/lib/slurm/slurmd /var/lib/slurm/slurmctld /var/log/slurm /run/munge /var/log/munge
if [ ! -s /etc/munge/munge.key ]; then
    dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none
fi
chown -R munge: /etc/munge /run/munge /var/log/munge /var/lib/munge
chmod 400 /etc/munge/munge.key
cat > /etc/slurm/slurm.conf <<CONF
# Written by featrank's scripts/cluster/slurm-single-node.sh: one node, no accounting, no cgroups.
ClusterName=featrank
SlurmctldHost=$host
SlurmUser=root
AuthType=auth/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
ReturnToService=2
StateSaveLocation=/var/lib/slurm/slurmctld
SlurmdSpoolDir=/var/lib/slurm/slurmd
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
NodeName=$host CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
pgrep -x munged >/dev/null || runuser -u munge -- /usr/sbin/munged
pgrep -x slurmctld >/dev/null || slurmctld
pgrep -x slurmd >/dev/null || slurmd
for _ in $(seq 60); do
    if sinfo -h -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)$'; then
        sinfo
        exit 0
    fi
    sleep 1
done
echo "the Slurm node did not come up; see /var/log/slurm/slurmctld.log and slurmd.log" >&2
exit 1
