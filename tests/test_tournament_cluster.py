"""`urzeit tournament --scheduler ADDRESS` plays its games on a Dask cluster: a real local
cluster (its scheduler and two worker processes on this machine) gives exactly what the
local processes give for the same seeds."""

import os
import re

import pytest

pytest.importorskip("distributed", reason="Dask's distributed is an optional extra: pip install urzeit[research]")

from conftest import ROOT  # noqa: E402
from urzeit import tournament  # noqa: E402

# a real Dask cluster starts in each test (seconds): a tool beside the engine, not the quick layer
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def scheduler():
    from distributed import LocalCluster
    # the workers are new processes: they find this checkout's urzeit by PYTHONPATH
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join([str(ROOT / "py")] + ([old] if old else []))
    try:
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                          scheduler_port=0, host="127.0.0.1") as cluster:
            yield cluster.scheduler_address
    finally:
        if old is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = old


def outcome(results):
    """What a game decided (wins, scores, illegal attempts), not how long its moves took."""
    return [(r[0], r[1], r[3]) for r in results]


def test_the_same_games_on_the_cluster_and_locally(scheduler):
    work = (tournament.work_for("sammler", ("medium", "easy"), 2, 1, 0)
            + tournament.work_for("elawa", ("medium", "easy"), 2, 1, 0)
            + tournament.work_for("elawa", ("hard", "medium", "easy"), 3, 5, 0, {"hard": 12}))
    with tournament.runner(1) as local:
        here = local.map(tournament.play, work)
    with tournament.runner(1, scheduler) as cluster:
        there = cluster.map(tournament.play, work)
        assert isinstance(cluster, tournament.DaskRunner)
        assert len(set(cluster.client.run(os.getpid).values())) == 2  # two worker processes played
    assert outcome(there) == outcome(here)
    assert all(r[3] == 0 for r in here) and len(here) == 7 and len({repr(r[1]) for r in here}) > 1


def test_a_ladder_on_the_cluster_prints_what_the_local_ladder_prints(scheduler, capsys):
    args = ["--ladder", "--game", "nim", "--games", "4", "--budget-ms", "0", "--levels", "easy,medium,hard"]
    assert tournament.main(args + ["--jobs", "1"]) == 0
    here = capsys.readouterr().out
    assert tournament.main(args + ["--scheduler", scheduler]) == 0
    there = capsys.readouterr().out

    def results(out):  # without the wall and move times, which differ run by run
        return [re.sub(r"move p50 .*|\[\d+ s\]", "", line) for line in out.splitlines()]
    assert results(there) == results(here)
    assert sum(" vs " in line for line in results(here)) == 3 and "illegal attempts: 0" in here


def test_iterations_reach_the_process_that_plays_and_are_undone_after():
    bot = tournament.registry.get("elawa").bot()
    before = dict(bot.ITERATIONS)
    with tournament.searched("elawa", {"hard": 3}):
        assert bot.ITERATIONS["hard"] == 3
    assert bot.ITERATIONS == before
    assert tournament.work_for("elawa", ("hard", "easy"), 2, 1, 0, {"hard": 3})[1] == \
        ("elawa", ["hard", "easy"], 1, 1, 0, {"hard": 3})


def test_workers_with_another_urzeit_are_refused_by_name(scheduler):
    with pytest.raises(SystemExit, match=r"the workers tcp://127\.0\.0\.1:\d+, tcp://127\.0\.0\.1:\d+ run another urzeit"):
        tournament.DaskRunner(scheduler, expected="0" * 64)  # what a changed checkout would digest to
    assert len(tournament.fingerprint()) == 64


def test_a_scheduler_that_does_not_answer_is_a_clear_error():
    with pytest.raises(SystemExit, match="no Dask scheduler answers there"):
        tournament.main(["--game", "nim", "--seats", "easy,random", "--games", "2",
                         "--scheduler", "tcp://127.0.0.1:9"])
