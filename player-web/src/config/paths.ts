/** Every player URL in one place (product.md#play-rules: each player screen has its own URL). */
export const paths = {
  home: '/',
  auth: '/auth',
  profileSetup: '/profile-setup',
  topic: (topicId: string) => `/topics/${encodeURIComponent(topicId)}`,
  topicResults: (topicId: string) => `/topics/${encodeURIComponent(topicId)}/results`,
  stats: '/stats',
  archive: '/archive',
  archiveDay: (date: string) => `/archive/${encodeURIComponent(date)}`,
  archiveTopic: (date: string, topicId: string) =>
    `/archive/${encodeURIComponent(date)}/topics/${encodeURIComponent(topicId)}`,
  archiveTopicResults: (date: string, topicId: string) =>
    `/archive/${encodeURIComponent(date)}/topics/${encodeURIComponent(topicId)}/results`,
  friends: '/friends',
  /** How results are weighted (public: a quoted figure links here). */
  methodology: '/methodology',
  /** Where an invite link opens (the API builds the link with the same path: invitePath in shared/domain/friends). */
  friendInvite: (code: string) => `/friends/invite/${encodeURIComponent(code)}`,
} as const;
