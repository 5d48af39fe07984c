import type {
  FilePurpose,
  QualificationKind,
  QualificationReviewStatus,
  QualificationValidity,
  Resolvers,
} from '../../generated/resolvers';
import { toDateTime } from '../../dates';
import { badUserInput, fromUpstreamCode, withFieldNames } from '../../errors';
import { fetchUserBase, isBuyer } from '../user/rest';
import type { QualificationMapper } from './mappers';
import {
  fetchBusinessScope,
  postPasswordChange,
  postScan,
  postUpload,
  postUserInfo,
  type UpstreamPurpose,
} from './rest';

const KINDS: Record<QualificationMapper['kind'], QualificationKind> = {
  business_licence: 'BUSINESS_LICENCE',
  drug_trading: 'DRUG_TRADING_LICENCE',
  gsp: 'GSP_CERTIFICATE',
  medical_institution: 'MEDICAL_INSTITUTION_LICENCE',
  purchase_authorisation: 'PURCHASE_AUTHORISATION',
  id_card: 'ID_CARD',
};
const VALIDITY: Record<QualificationMapper['status'], QualificationValidity> = {
  valid: 'VALID',
  expiring: 'EXPIRING',
  expired: 'EXPIRED',
};
const REVIEW: Record<'pending' | 'approved' | 'refused', QualificationReviewStatus> = {
  pending: 'PENDING',
  approved: 'APPROVED',
  refused: 'REFUSED',
};
const PURPOSES: Record<FilePurpose, UpstreamPurpose> = {
  QUALIFICATION: 'qualification',
  RETURN: 'return',
  TRANSFER: 'transfer',
  FEEDBACK: 'feedback',
};

/** FILE-02: the gateway's own address of a file (app.ts relays it to the upstream with the buyer's session). */
export const fileUrl = (id: number | string) => `/files/${id}`;

export const accountResolvers: Resolvers = {
  User: {
    qualifications: (_user, _args, { loaders }) => loaders.qualifications.get(),
    // QUAL-05: read from the base answer the shell already asked for: no extra upstream call on every page.
    qualificationAlert: (user) => user.zizhi_alert ?? null,
    businessScope: (_user, _args, { upstream }) => fetchBusinessScope(upstream),
  },
  QualificationAlert: {
    level: (alert) => (alert.level === 'expired' ? 'EXPIRED' : 'EXPIRING'),
    blocksOrdering: (alert) => alert.blocking === 1,
    documents: async (alert, _args, { loaders }) => {
      const ids = new Set(alert.documents.map((d) => d.id));
      return (await loaders.qualifications.get()).filter((d) => ids.has(d.id));
    },
  },
  Qualification: {
    id: (doc) => String(doc.id),
    kind: (doc) => fromUpstreamCode(KINDS, doc.kind),
    validFrom: (doc) => doc.valid_from,
    validTo: (doc) => doc.valid_to,
    daysLeft: (doc) => doc.days_left,
    validity: (doc) => fromUpstreamCode(VALIDITY, doc.status),
    state: (doc) => (doc.review?.status === 'pending' ? 'UNDER_REVIEW' : fromUpstreamCode(VALIDITY, doc.status)),
    required: (doc) => doc.required === 1,
    fileUrl: (doc) => (doc.file_id === null ? null : fileUrl(doc.file_id)),
    review: (doc) => doc.review,
  },
  QualificationReview: {
    status: (review) => fromUpstreamCode(REVIEW, review.status),
    fileUrl: (review) => fileUrl(review.file_id),
    submittedAt: (review) => toDateTime(review.created_at),
  },
  UploadedFile: {
    id: (file) => String(file.id),
    url: (file) => fileUrl(file.id),
  },
  ChangePasswordPayload: {
    endedSessions: (payload) => payload.ended_sessions,
  },
  Mutation: {
    // ACCOUNT-01: field rules (VAL-02 for the phone) are the upstream's; its 422 names the field.
    updateUserInfo: async (_parent, { input }, { upstream, loaders }) => {
      await postUserInfo(upstream, { name: input.name.trim(), phone: input.phone.trim() });
      const base = fetchUserBase(upstream);
      loaders.userBase.set(base);
      const user = await base;
      if (!isBuyer(user)) throw badUserInput({}, '请先登录');
      return { user };
    },
    changePassword: (_parent, { input }, { upstream }) =>
      withFieldNames({ old_password: 'oldPassword', password_confirmation: 'passwordConfirmation' }, () =>
        postPasswordChange(upstream, {
          old_password: input.oldPassword,
          password: input.password,
          password_confirmation: input.passwordConfirmation,
        }),
      ),
    uploadFile: (_parent, { file, purpose }, { upstream }) =>
      postUpload(upstream, file, fromUpstreamCode(PURPOSES, purpose)),
    submitQualificationScan: (_parent, { id, fileId }, { upstream }) =>
      withFieldNames({ file_id: 'fileId' }, () => postScan(upstream, id, fileId)),
  },
};
