import type { FriendGoing } from '@campwise/contract/friends';

/** The lines about one camp, each once (a child going to two of its weeks is one line). */
export function friendLabels(going: readonly FriendGoing[] | undefined, campId: number): string[] {
  return [...new Set((going ?? []).filter((one) => one.campId === campId).map((one) => one.label))];
}
