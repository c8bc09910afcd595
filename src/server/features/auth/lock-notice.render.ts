// The e-mail an account's owner gets after 10 failed sign-ins in a row (docs/decisions/031): what
// happened, that nothing is locked, and the ways in that the person guessing cannot use.

export function failedSignInNoticeMail(publicUrl: string): { subject: string; text: string } {
  const forgot = new URL('/forgot-password', publicUrl).toString();
  return {
    subject: 'Failed sign-ins to your Unbuilt account',
    text: [
      'Someone entered a wrong password for your Unbuilt account 10 times in a row. Your account is not',
      'locked: the device and network making those attempts are slowed down, and your own devices can sign',
      'in as usual.',
      '',
      'If it was you and you forgot the password, reset it here (the link arrives in this inbox):',
      forgot,
      '',
      'If it was not you: your account is safe as long as the password is not guessed. Consider a longer',
      'password if you reuse this one elsewhere.',
    ].join('\n'),
  };
}
