#!/bin/bash
# restarts my scratch stack (my own pid file only)
cd /work/wt/s8-a11y
[ -f /tmp/s8-serve.pid ] && kill $(cat /tmp/s8-serve.pid) 2>/dev/null
rm -f /tmp/s8-url
node --import tsx tests/scratch/serve.ts > /tmp/s8-serve.log 2>&1 &
echo $! > /tmp/s8-serve.pid
for i in $(seq 1 120); do [ -s /tmp/s8-url ] && break; sleep 1; done
cat /tmp/s8-url
