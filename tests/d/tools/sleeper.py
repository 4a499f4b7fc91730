"""sleeper.py [spin]: the sched and profile tools' workload: sleep
1 ms 200 times (woken each time), or spin on the CPU for a second."""
import sys
import time

if len(sys.argv) > 1:
    end = time.time() + 1
    while time.time() < end:
        pass
else:
    for _ in range(200):
        time.sleep(0.001)
