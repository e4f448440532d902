"""Searches in time slices (a computer's move, a hint, a computer seat of a fair table): an op
given `slice_ms` starts one here and answers `{"pending": true, "job"}` until it is done; the
worker asks `ai_continue` for the next slice and answers other requests in between. A job knows
whether its game moved on meanwhile (`stale`) and how to answer once the search is done
(`finish`)."""

import time

from ..core.errors import StaleState, UnknownMatch

MAX_JOBS = 8  # searches waiting for their next time slice
jobs: dict = {}  # job id -> {"steps", "stale": () -> bool, "finish": action -> reply}
_job_counter = 0


def start(job: dict, slice_ms: int | None) -> dict:
    """The search's first slice now (all of it without `slice_ms`)."""
    if slice_ms is None:
        return run(job, None)
    global _job_counter
    _job_counter += 1
    job_id = f"j{_job_counter}"
    jobs[job_id] = job
    while len(jobs) > MAX_JOBS:  # forget the oldest abandoned search
        jobs.pop(next(iter(jobs)))
    return run(job, slice_ms, job_id)


def resume(job_id, slice_ms: int | None) -> dict:
    job = jobs.get(job_id) if isinstance(job_id, str) else None
    if job is None:
        raise UnknownMatch("no such search: it finished, was replaced or never started")
    if job["stale"]():
        jobs.pop(job_id, None)
        raise StaleState("the game changed while the computer was thinking; ask again")
    return run(job, slice_ms, job_id)


def run(job: dict, slice_ms: int | None, job_id=None) -> dict:
    """Run a search until it ends or its slice is used up; a pending reply names the job."""
    deadline = time.perf_counter() + slice_ms / 1000 if slice_ms else None
    steps = job["steps"]
    while True:
        try:
            next(steps)
        except StopIteration as done:
            action = done.value
            break
        if deadline is not None and time.perf_counter() > deadline:
            return {"pending": True, "job": job_id}
    if job_id is not None:
        jobs.pop(job_id, None)
    return job["finish"](action)
