import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { JobRunner } from '../src/platform/jobs.ts';

const log = Fastify({ logger: false }).log;
// Long enough that only kicks run a job within a test.
const NEVER_MS = 60 * 60 * 1000;

/** A job whose runs stay in flight until the test lets them finish. */
function controlledJob() {
  const state = { started: 0, finished: 0, inFlight: 0, maxInFlight: 0 };
  let release: () => void = () => {};
  let gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const run = async () => {
    state.started += 1;
    state.inFlight += 1;
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
    await gate;
    state.inFlight -= 1;
    state.finished += 1;
  };
  return {
    state,
    run,
    /** Lets the runs in flight finish; later runs wait on a new gate. */
    finish() {
      const open = release;
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      open();
    },
    /** Lets every run, now and later, finish at once. */
    finishAll() {
      gate = Promise.resolve();
      release();
    },
  };
}

const tick = (ms = 50) => new Promise((resolve) => setTimeout(resolve, ms));
// Timers fire late on a busy machine; waiting longer costs nothing when they are on time.
const eventually = (assertion: () => void) => vi.waitFor(assertion, { timeout: 5000 });

describe('JobRunner', () => {
  it('runs a job soon after it is kicked', async () => {
    const runner = new JobRunner(NEVER_MS, log);
    const run = vi.fn(async () => {});
    runner.add('mail', run);
    runner.start();
    runner.kick('mail');
    await eventually(() => expect(run).toHaveBeenCalledTimes(1));
    await runner.stop();
  });

  it('runs a job on its interval', async () => {
    const runner = new JobRunner(20, log);
    const run = vi.fn(async () => {});
    runner.add('mail', run);
    runner.start();
    await eventually(() => expect(run.mock.calls.length).toBeGreaterThanOrEqual(2));
    await runner.stop();
  });

  it('ignores kicks for unknown jobs', async () => {
    const runner = new JobRunner(NEVER_MS, log);
    runner.start();
    expect(() => runner.kick('nothing')).not.toThrow();
    await runner.stop();
  });

  it('runs nothing, not even on a kick, until it is started', async () => {
    const runner = new JobRunner(NEVER_MS, log);
    const run = vi.fn(async () => {});
    runner.add('mail', run);
    runner.kick('mail');
    await tick();
    expect(run).not.toHaveBeenCalled();
    await runner.stop();
  });

  it('keeps running after a job fails', async () => {
    const runner = new JobRunner(NEVER_MS, log);
    const run = vi.fn(async () => {
      throw new Error('provider down');
    });
    runner.add('mail', run);
    runner.start();
    runner.kick('mail');
    await eventually(() => expect(run).toHaveBeenCalledTimes(1));
    await tick();
    runner.kick('mail');
    await eventually(() => expect(run).toHaveBeenCalledTimes(2));
    await runner.stop();
  });

  it('never overlaps a running job, and runs it once more for kicks that came meanwhile', async () => {
    const runner = new JobRunner(NEVER_MS, log);
    const job = controlledJob();
    runner.add('mail', job.run);
    runner.start();
    runner.kick('mail');
    await eventually(() => expect(job.state.started).toBe(1));

    runner.kick('mail');
    runner.kick('mail');
    await tick();
    expect(job.state.started).toBe(1);

    job.finish();
    await eventually(() => expect(job.state.started).toBe(2));
    job.finishAll();
    await eventually(() => expect(job.state.finished).toBe(2));
    await tick();
    expect(job.state.started).toBe(2);
    expect(job.state.maxInFlight).toBe(1);
    await runner.stop();
  });

  it('stop() waits for a running job and prevents further runs', async () => {
    const runner = new JobRunner(20, log);
    const job = controlledJob();
    runner.add('mail', job.run);
    runner.start();
    runner.kick('mail');
    await eventually(() => expect(job.state.started).toBe(1));

    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    await tick();
    expect(stopped).toBe(false);

    job.finishAll();
    await stopping;
    expect(job.state.finished).toBe(1);

    runner.kick('mail');
    await tick(100);
    expect(job.state.started).toBe(1);
  });
});
