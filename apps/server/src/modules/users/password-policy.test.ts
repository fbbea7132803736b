import { describe, expect, it } from 'vitest';
import {
  COMMON_PASSWORD_MESSAGE,
  EMAIL_IN_PASSWORD_MESSAGE,
  NAME_AS_PASSWORD_MESSAGE,
  passwordProblem,
} from './password-policy.ts';

const owner = { email: 'grace.hopper@navy.example', name: 'Grace', lastname: 'Hopper' };

describe('passwordProblem', () => {
  it('refuses the most common passwords whatever their case', () => {
    for (const password of ['password', 'Password1', '12345678', 'QWERTYUIOP', 'iloveyou2024']) {
      expect(passwordProblem(password, owner), password).toBe(COMMON_PASSWORD_MESSAGE);
    }
  });

  it('refuses the password the README publishes for the demo logins', () => {
    expect(passwordProblem('circuits-demo', owner)).toBe(COMMON_PASSWORD_MESSAGE);
  });

  it("refuses the owner's email, or its part before @, inside the password", () => {
    expect(passwordProblem('grace.hopper@navy.example', owner)).toBe(EMAIL_IN_PASSWORD_MESSAGE);
    expect(passwordProblem('my grace.hopper key', owner)).toBe(EMAIL_IN_PASSWORD_MESSAGE);
  });

  it("refuses the owner's name, however it is spelled and numbered", () => {
    for (const password of ['GraceHopper', 'grace-hopper-1906', 'Hopper.Grace!', 'HOPPER2024']) {
      expect(passwordProblem(password, owner), password).toBe(NAME_AS_PASSWORD_MESSAGE);
    }
  });

  it('accepts a password that is none of these', () => {
    for (const password of ['compiler-bug-in-a-moth', 'Grace Hopper found a moth', 'tr4ce-w1dth']) {
      expect(passwordProblem(password, owner), password).toBeUndefined();
    }
  });
});
