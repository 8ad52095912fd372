/** The retake reminder e-mail: its links, its headers, and a page that fetches nothing. */
import { describe, expect, it } from 'vitest';
import { reminderEmail } from '#lambdas/domain/reminder-email.ts';
import { RETAKE_PATH } from '#shared/reminder-links.ts';

describe('the reminder e-mail', () => {
  it('links the guided retake and the one-click unsubscribe, in the text, the HTML and the List-Unsubscribe headers', () => {
    const email = reminderEmail('pat@example.com', 'https://hairline.example/', 'dG9r.ZW4');
    expect(email.to).toBe('pat@example.com');
    expect(email.subject).toBe('Time to retake your hairline photo');
    expect(email.text).toContain(`https://hairline.example${RETAKE_PATH}`);
    expect(email.text).toContain('https://hairline.example/unsubscribe?token=dG9r.ZW4');
    expect(email.html).toContain(`href="https://hairline.example${RETAKE_PATH}"`);
    expect(email.html).toContain('href="https://hairline.example/unsubscribe?token=dG9r.ZW4"');
    expect(email.headers).toEqual({
      'List-Unsubscribe': '<https://hairline.example/api/reminders/unsubscribe?token=dG9r.ZW4>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('is a branded HTML page with a plain-text part saying the same, and fetches nothing on opening', () => {
    const email = reminderEmail('pat@example.com', 'https://hairline.example', 'dG9r.ZW4');
    expect(email.html).toMatch(/^<!doctype html>/);
    expect(email.html).toContain('Hairline Rater');
    expect(email.html).toMatch(
      /<a href="https:\/\/hairline\.example\/\?retake=face#analyze"[^>]*>Retake it like last time<\/a>/,
    );
    expect(email.html).toContain('>Stop these reminders</a> (one click, no sign-in)');
    expect(email.html).not.toMatch(/<img|<link|src=/);
    expect(email.text).toMatch(/^Hairline Rater\n/);
    expect(email.text).toContain('4 weeks ago you asked us to remind you');
    expect(email.text).not.toMatch(/<[a-z]/);
  });
});
