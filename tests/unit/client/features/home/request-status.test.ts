import { describe, expect, it } from 'vitest';
import { TICKET_STATUSES } from '../../../../../src/shared/submission';
import { statusInWords, updateInWords, waitingFor } from '../../../../../src/client/features/home/request-status';

describe('My requests: status in words', () => {
  it('has words of its own for every workflow status', () => {
    for (const status of TICKET_STATUSES) expect(statusInWords(status), status).not.toBe('');
    expect(statusInWords('Waiting on requester')).toBe('Needs your reply');
    expect(statusInWords('New')).toBe('Received');
    expect(statusInWords('Some future status')).toBe('Some future status');
  });

  it('says who the request waits for, naming the team when it is known', () => {
    expect(waitingFor({ status: 'In progress', assigneeGroup: 'Maintenance' })).toBe('Waiting for the Maintenance team.');
    expect(waitingFor({ status: 'Assigned', assigneeGroup: null })).toBe('Waiting for the team.');
    expect(waitingFor({ status: 'Waiting on requester', assigneeGroup: 'IT' })).toMatch(/^Waiting for you/);
    expect(waitingFor({ status: 'Resolved', assigneeGroup: 'IT' })).toMatch(/^Waiting for you/);
    expect(waitingFor({ status: 'Closed', assigneeGroup: 'IT' })).toBeNull();
  });

  it('tells the last update in words, with a neutral fallback', () => {
    expect(updateInWords('status')).toBe('changed the status');
    expect(updateInWords('commented')).toBe('commented');
    expect(updateInWords('feedback')).toBe('rated the request');
    expect(updateInWords('commented_internal')).toBe('updated the request');
  });
});
