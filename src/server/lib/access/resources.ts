import { sql } from 'drizzle-orm';
import {
  actionPlans,
  comments,
  ideaShares,
  apiKeys,
  checkoutSessions,
  conversationMessages,
  conversations,
  ideaHypotheses,
  ideas,
  marketReports,
  planPhases,
  planTasks,
  projects,
  reportLogos,
  searchResults,
  searches,
  shareLinks,
  teamInvitations,
  teamMembers,
  teams,
  notifications,
} from '../../db/schema/index.ts';
import { memberOfTeam, ownedBy, ownedOrShared, throughParent, type ResourcePolicy } from './policy.ts';

// Every resource a path parameter can name, with who may use it. A route with an id parameter
// names its resource in `config.access` (route-access.ts); the route-table IDOR test then attacks it.

export const searchResource: ResourcePolicy = {
  label: 'The search',
  table: searches,
  id: searches.id,
  condition: ownedBy(searches.userId),
};

/**
 * An analysis as the collaboration routes use it: its owner's, or shared with the user (ADR 020).
 * Only comments and the shared view use this; every other analysis route stays owner-only.
 */
export const sharedSearchResource: ResourcePolicy = {
  label: 'The analysis',
  table: searches,
  id: searches.id,
  condition: ownedOrShared(searches.userId, searches.id),
};

export const searchResultResource: ResourcePolicy = {
  label: 'The result',
  table: searchResults,
  id: searchResults.id,
  condition: throughParent(searchResource, searchResults.searchId),
};

export const projectResource: ResourcePolicy = {
  label: 'The project',
  table: projects,
  id: projects.id,
  condition: ownedBy(projects.userId),
};

export const checkoutSessionResource: ResourcePolicy = {
  label: 'The checkout',
  table: checkoutSessions,
  id: checkoutSessions.providerSessionId,
  condition: ownedBy(checkoutSessions.userId),
};

export const ideaResource: ResourcePolicy = {
  label: 'The idea',
  table: ideas,
  id: ideas.id,
  condition: ownedBy(ideas.userId),
};

/**
 * An idea as the collaboration routes and the idea's own view and edit routes use it: its owner's,
 * or shared with the user (ADR 026). Listing, validating, archiving and deleting stay owner-only.
 */
export const sharedIdeaResource: ResourcePolicy = {
  label: 'The idea',
  table: ideas,
  id: ideas.id,
  condition: ownedOrShared(ideas.userId, ideas.id, 'idea_id'),
};

export const ideaHypothesisResource: ResourcePolicy = {
  label: 'The hypothesis',
  table: ideaHypotheses,
  id: ideaHypotheses.id,
  // Recording a result is editing the idea: its owner, or a share with canEdit.
  condition: throughParent(sharedIdeaResource, ideaHypotheses.ideaId),
};

export const actionPlanResource: ResourcePolicy = {
  label: 'The action plan',
  table: actionPlans,
  id: actionPlans.id,
  condition: ownedBy(actionPlans.userId),
};

export const planPhaseResource: ResourcePolicy = {
  label: 'The phase',
  table: planPhases,
  id: planPhases.id,
  condition: throughParent(actionPlanResource, planPhases.planId),
};

export const planTaskResource: ResourcePolicy = {
  label: 'The task',
  table: planTasks,
  id: planTasks.id,
  condition: throughParent(actionPlanResource, planTasks.planId),
};

export const shareLinkResource: ResourcePolicy = {
  label: 'The share link',
  table: shareLinks,
  id: shareLinks.id,
  condition: ownedBy(shareLinks.userId),
};

export const marketReportResource: ResourcePolicy = {
  label: 'The report',
  table: marketReports,
  id: marketReports.id,
  condition: ownedBy(marketReports.userId),
};

export const apiKeyResource: ResourcePolicy = {
  label: 'The API key',
  table: apiKeys,
  id: apiKeys.id,
  condition: ownedBy(apiKeys.userId),
};

export const teamResource: ResourcePolicy = {
  label: 'The team',
  table: teams,
  id: teams.id,
  condition: memberOfTeam(teams.id),
};

export const teamMemberResource: ResourcePolicy = {
  label: 'The team member',
  table: teamMembers,
  id: teamMembers.id,
  condition: memberOfTeam(teamMembers.teamId),
};

export const teamInvitationResource: ResourcePolicy = {
  label: 'The invitation',
  table: teamInvitations,
  id: teamInvitations.id,
  condition: memberOfTeam(teamInvitations.teamId),
};

export const conversationResource: ResourcePolicy = {
  label: 'The conversation',
  table: conversations,
  id: conversations.id,
  condition: ownedBy(conversations.userId),
};

export const conversationMessageResource: ResourcePolicy = {
  label: 'The message',
  table: conversationMessages,
  id: conversationMessages.id,
  condition: throughParent(conversationResource, conversationMessages.conversationId),
};

export const commentResource: ResourcePolicy = {
  label: 'The comment',
  table: comments,
  id: comments.id,
  // The analysis or the idea it is about, as the user reaches it (its owner, or a live share).
  condition: (principal, permission) =>
    sql`(${throughParent(sharedSearchResource, comments.searchId)(principal, permission)} or ${throughParent(sharedIdeaResource, comments.ideaId)(principal, permission)})`,
};

export const ideaShareResource: ResourcePolicy = {
  label: 'The share',
  table: ideaShares,
  id: ideaShares.id,
  // The person who shared, or the owner of the analysis or idea.
  condition: (principal, permission) =>
    principal.kind === 'user'
      ? sql`(${ideaShares.sharedBy} = ${principal.userId} or ${throughParent(searchResource, ideaShares.searchId)(principal, permission)} or ${throughParent(ideaResource, ideaShares.ideaId)(principal, permission)})`
      : sql`false`,
};

export const reportLogoResource: ResourcePolicy = {
  label: 'The logo',
  table: reportLogos,
  id: reportLogos.id,
  condition: ownedBy(reportLogos.userId),
};

export const notificationResource: ResourcePolicy = {
  label: 'The notification',
  table: notifications,
  id: notifications.id,
  condition: ownedBy(notifications.userId),
};

export const RESOURCES = {
  search: searchResource,
  searchResult: searchResultResource,
  project: projectResource,
  checkoutSession: checkoutSessionResource,
  idea: ideaResource,
  ideaHypothesis: ideaHypothesisResource,
  actionPlan: actionPlanResource,
  planPhase: planPhaseResource,
  planTask: planTaskResource,
  marketReport: marketReportResource,
  shareLink: shareLinkResource,
  apiKey: apiKeyResource,
  sharedSearch: sharedSearchResource,
  sharedIdea: sharedIdeaResource,
  comment: commentResource,
  ideaShare: ideaShareResource,
  team: teamResource,
  teamMember: teamMemberResource,
  teamInvitation: teamInvitationResource,
  conversation: conversationResource,
  conversationMessage: conversationMessageResource,
  reportLogo: reportLogoResource,
  notification: notificationResource,
} as const;

export type ResourceName = keyof typeof RESOURCES;
