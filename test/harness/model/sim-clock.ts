/**
 * Simulated time for the model checker: it moves only when the driver (world.ts) says nothing
 * else can happen, straight to the next wait's end, so a run's verdict never depends on the machine.
 */
import { TimerClock } from '../timer-clock';

export class SimClock extends TimerClock {
	/** Moves to the earliest timer and fires every one due then; false when none is set. */
	advance(): boolean {
		return this.fireNext();
	}
}
