"""Prints the executor, checkpoint and common-dice figures from a pytest-benchmark JSON file
of ``test_bench_distributed.py`` (ratios of runs measured in the same session).

Usage: ``python benches/python/report_distributed.py bench.json``
"""

from __future__ import annotations

import json
import os
import sys


def main(path: str) -> None:
    with open(path) as f:
        data = json.load(f)
    info = {b["name"]: b for b in data["benchmarks"]}
    cpu = data["machine_info"].get("cpu", {})
    print(f"machine: {cpu.get('brand_raw', '?')}, {cpu.get('count', '?')} cores")
    print(f"{'benchmark':58} {'games/s':>10} {'mean s':>8} {'min s':>8}")
    for name, b in info.items():
        gps = b["extra_info"].get("games_per_second", 0.0)
        print(f"{name:58} {gps:10,.0f} {b['stats']['mean']:8.3f} {b['stats']['min']:8.3f}")

    def mean(name: str) -> float:
        # The fastest round: the one least slowed by the other jobs of a shared machine.
        return float(info[name]["stats"]["min"])

    pairs = (
        (
            "thread pool (1 worker) / direct, 1 thread",
            "test_direct_one_thread",
            "test_thread_pool_executor_one_thread",
        ),
        ("Dask 2 workers / direct, 2 threads", "test_direct_two_threads", "test_dask_two_workers"),
        (
            "Dask 2 workers / Dask 1 worker (speed-up)",
            "test_dask_two_workers",
            "test_dask_one_worker",
        ),
        (
            "Dask 2 workers / direct 1 thread (speed-up)",
            "test_dask_two_workers",
            "test_direct_one_thread",
        ),
        (
            "checkpoint every 60 s / direct, 2 threads",
            "test_direct_two_threads",
            "test_checkpoint_at_the_default_interval_two_threads",
        ),
        (
            "rollout_many / separate rollouts, 8 plays",
            "test_the_cost_of_pairing_the_plays[separate_rollouts]",
            "test_the_cost_of_pairing_the_plays[rollout_many]",
        ),
        (
            "rollout_many with checkpoint / separate rollouts",
            "test_the_cost_of_pairing_the_plays[separate_rollouts]",
            "test_the_cost_of_pairing_the_plays[rollout_many_checkpoint]",
        ),
    )
    for label, fast, slow in pairs:
        if fast in info and slow in info:
            print(f"{label:58} time ratio {mean(slow) / mean(fast):.3f}")
    for name, b in info.items():
        e = b["extra_info"]
        if "se_common" in e:
            gain = e["se_independent"] / e["se_common"]
            print(
                f"{name}: {e['games']} games, standard error of the difference "
                f"{e['se_common']:.5f} common vs {e['se_independent']:.5f} independent: "
                f"{gain:.2f}x smaller, {gain * gain:.1f}x fewer games"
            )
        if "share_of_the_default_interval" in e:
            print(
                f"{name}: {b['stats']['mean'] * 1000:.2f} ms a write, "
                f"{e['share_of_the_default_interval']:.2e} of the default interval"
            )
    print(f"load average now: {os.getloadavg()}")


if __name__ == "__main__":
    main(sys.argv[1])
