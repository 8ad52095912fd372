import { afterEach, describe, expect, it } from 'vitest';
import {
  captureChallenge,
  challengeFromSearch,
  clearChallenge,
  readChallenge,
  saveChallenge,
} from '#web/features/share/challenge-storage.ts';
import { challengeLink, compareLink, shareLink } from '#web/features/share/share-links.ts';

const ID = 'q3Vx9kLm2Pz8RtY4wN6bJA';

afterEach(() => sessionStorage.clear());

describe('challenge storage', () => {
  it('reads a valid id from ?challenge= and ignores junk', () => {
    expect(challengeFromSearch(`?challenge=${ID}`)).toBe(ID);
    expect(challengeFromSearch('?challenge=<script>')).toBeNull();
    // shared/share-id.ts: only the server's 22 characters
    expect(challengeFromSearch(`?challenge=${ID.slice(0, 16)}`)).toBeNull();
    expect(challengeFromSearch(`?challenge=${ID}A`)).toBeNull();
    expect(challengeFromSearch('')).toBeNull();
  });

  it('keeps the challenge in sessionStorage under challengeShareId across pages', () => {
    expect(captureChallenge(`?challenge=${ID}`)).toBe(ID);
    expect(sessionStorage.getItem('challengeShareId')).toBe(ID);
    // later pages (auth, pricing, checkout) have no query: the stored one stays in effect
    expect(captureChallenge('?session_id=cs_1')).toBe(ID);
    expect(readChallenge()).toBe(ID);
    clearChallenge();
    expect(readChallenge()).toBeNull();
  });

  it('a stored value that is not a share id is ignored', () => {
    sessionStorage.setItem('challengeShareId', 'x');
    expect(readChallenge()).toBeNull();
    saveChallenge('bad id');
    expect(sessionStorage.getItem('challengeShareId')).toBe('x');
  });

  it('builds the links', () => {
    expect(shareLink('https://h.example', ID)).toBe(`https://h.example/r/${ID}`);
    expect(challengeLink('https://h.example', ID)).toBe(`https://h.example/?challenge=${ID}`);
    expect(compareLink('a1', 'b2')).toBe('/compare?a=a1&b=b2');
  });
});
