// The e-mail an account's owner gets when a lock starts: what happened and the two ways back in that
// the person guessing cannot use (a device signed in before, or a reset link sent to this inbox).

export function lockNoticeMail(publicUrl: string): { subject: string; text: string } {
  const forgot = new URL('/forgot-password', publicUrl).toString();
  return {
    subject: 'Your Unbuilt account was locked after failed sign-ins',
    text: [
      'Someone entered a wrong password for your Unbuilt account 10 times in a row, so new devices cannot',
      'sign in to it for the next 30 minutes.',
      '',
      'If it was you: sign in from a device you have used before, or reset your password here (the reset',
      `link arrives in this inbox and lifts the lock at once): ${forgot}`,
      '',
      'If it was not you: your account is safe as long as the password is not guessed. Nothing else is',
      'needed; consider a longer password if you reuse this one elsewhere.',
    ].join('\n'),
  };
}
