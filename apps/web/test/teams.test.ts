import { messages } from '@campwise/contract/messages';
import type { TeamRole } from '@campwise/contract/team-roles';
import type { TeamMember } from '@campwise/contract/teams';
import { describe, expect, it } from 'vitest';
import { memberLinks } from '../src/app/nav-links.ts';
import { orgOptions } from '../src/components/insights/org-options.ts';
import { hostView, may } from '../src/components/teams/team-rights.ts';
import {
  isAboutInvitedAddress,
  memberName,
  orderMembers,
  teamText,
} from '../src/components/teams/team-text.ts';

const org = (myRole: TeamRole) => ({ myRole });

describe('what a role lets a host do in an organization', () => {
  it('gives the owner everything, a manager no money, team or delete, staff check-in only', () => {
    expect(may(org('owner'), 'money')).toBe(true);
    expect(may(org('owner'), 'org:delete')).toBe(true);

    expect(may(org('manager'), 'camps:manage')).toBe(true);
    expect(may(org('manager'), 'messages')).toBe(true);
    expect(may(org('manager'), 'reports')).toBe(true);
    expect(may(org('manager'), 'money')).toBe(false);
    expect(may(org('manager'), 'team')).toBe(false);
    expect(may(org('manager'), 'org:delete')).toBe(false);

    expect(may(org('staff'), 'roster')).toBe(false);
    expect(may(org('staff'), 'check-in')).toBe(true);
    expect(may(org('staff'), 'org:edit')).toBe(false);
    expect(may(org('staff'), 'camps:manage')).toBe(false);
    expect(may(org('staff'), 'messages')).toBe(false);
    expect(may(org('staff'), 'reports')).toBe(false);
  });

  it('allows nothing while the role is not known', () => {
    expect(may(undefined, 'org:view')).toBe(false);
    expect(may(null, 'roster')).toBe(false);
  });
});

describe("the host's own screens", () => {
  it('offer a subscribed host with no organizations yet what an owner has', () => {
    expect(hostView([], true)).toEqual({ newOrg: true, earnings: true, insights: true, messages: true });
  });

  it('offer a staff member without a plan of their own no new organization, earnings, insights or messages', () => {
    expect(hostView([org('staff')], false)).toEqual({
      newOrg: false,
      earnings: false,
      insights: false,
      messages: false,
    });
  });

  it('offer a manager without a plan insights and messages, not earnings', () => {
    expect(hostView([org('manager'), org('staff')], false)).toEqual({
      newOrg: false,
      earnings: false,
      insights: true,
      messages: true,
    });
  });

  it('offer an owner who is also staff elsewhere everything', () => {
    expect(hostView([org('staff'), org('owner')], true)).toEqual({
      newOrg: true,
      earnings: true,
      insights: true,
      messages: true,
    });
  });

  it('leave Messages and Earnings out of the top bar only once they are known not to apply', () => {
    const host = { token: 't', userType: 'host' } as const;
    const labels = (view?: { earnings: boolean; messages: boolean }) =>
      memberLinks(host, view).map((link) => link.label);
    expect(labels()).toEqual(['My Dashboard', 'Messages', 'Earnings', 'Search', 'Account Settings']);
    expect(labels({ earnings: false, messages: false })).toEqual([
      'My Dashboard',
      'Search',
      'Account Settings',
    ]);
    expect(labels({ earnings: false, messages: true })).toEqual([
      'My Dashboard',
      'Messages',
      'Search',
      'Account Settings',
    ]);
  });

  it('offer on the insights picker only the organizations whose reports the role opens', () => {
    const options = orgOptions([
      { id: 1, name: 'Birch Camp', myRole: 'staff' },
      { id: 2, name: 'Aspen Camp', myRole: 'manager' },
      { id: 3, name: 'Cedar Camp', myRole: 'owner' },
    ]);
    expect(options).toEqual([
      { value: '2', label: 'Aspen Camp' },
      { value: '3', label: 'Cedar Camp' },
    ]);
  });
});

const member = (over: Partial<TeamMember>): TeamMember => ({
  userId: 1,
  firstName: 'Robin',
  lastName: 'Fielding',
  email: 'robin@example.com',
  role: 'staff',
  joinedAt: '2031-05-01T12:00:00.000Z',
  ...over,
});

describe('a team on its page', () => {
  it('lists the owner first, then managers, then staff, each by name', () => {
    const ordered = orderMembers([
      member({ userId: 5, firstName: 'Zoe', role: 'staff' }),
      member({ userId: 4, firstName: 'amir', role: 'staff' }),
      member({ userId: 3, firstName: 'Kai', role: 'manager' }),
      member({ userId: 2, firstName: 'Uma', role: 'owner' }),
    ]);
    expect(ordered.map((one) => one.userId)).toEqual([2, 3, 4, 5]);
  });

  it('says each change in the contract’s words, with the names filled in', () => {
    expect(memberName(member({ firstName: 'Sam', lastName: 'Lee' }))).toBe('Sam Lee');
    expect(teamText.invitationSent('sam@example.com')).toBe('Invitation sent to sam@example.com.');
    expect(teamText.roleChanged('Sam Lee', 'manager')).toBe('Sam Lee is now Manager.');
    expect(teamText.memberRemoved('Sam Lee')).toBe('Sam Lee is no longer on the team.');
    expect(teamText.removeConfirm('Sam Lee')).toBe('Remove Sam Lee from the team? They lose access at once.');
    expect(teamText.left('Pine Camp')).toBe('You have left Pine Camp.');
    expect(teamText.leaveConfirm('Pine Camp')).toBe(
      'Leave Pine Camp? You will no longer see its camps or sessions.',
    );
    expect(teamText.accepted('Pine Camp', 'staff')).toBe('You have joined Pine Camp as Staff.');
  });

  it('puts a refusal about the invited address beside the E-mail field, and no other', () => {
    const email = 'sam@example.com';
    expect(isAboutInvitedAddress(messages.teamAlreadyMember.replace('{email}', email))).toBe(true);
    expect(isAboutInvitedAddress(messages.teamAlreadyInvited.replace('{email}', email))).toBe(true);
    expect(isAboutInvitedAddress(messages.tryAgain)).toBe(false);
    expect(isAboutInvitedAddress(messages.teamRoleInvalid)).toBe(false);
  });
});
