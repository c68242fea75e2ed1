/**
 * The whole schema of docs/architecture.md §4. Migrations are generated from this file
 * with `npm run db:generate -w @fd/api` and checked in under drizzle/.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    /** Always stored lower-cased and trimmed. */
    email: text('email').notNull(),
    /** argon2id hash; null for clients, who never sign in here. */
    passwordHash: text('password_hash'),
    role: text('role').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    /** Bumped by a password change or reset: access tokens carrying an older value stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    countryOfResidence: text('country_of_residence'),
    stateOfResidence: text('state_of_residence'),
    residentialAddress: text('residential_address'),
    zipCode: text('zip_code'),
    phoneNumber: text('phone_number'),
    referralSource: text('referral_source'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // The managers among every client: who a write notifies
    // (docs/decisions/026-the-write-path-one-statement-for-the.md).
    index('users_managers_idx')
      .on(t.id)
      .where(sql`${t.role} = 'MANAGER' and ${t.isActive}`),
    check('users_role_check', sql`${t.role} in ('MANAGER', 'CLIENT', 'ADMIN')`),
  ],
);

export const businesses = pgTable(
  'businesses',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    businessName: text('business_name').notNull(),
    businessIndustry: text('business_industry'),
    businessDescription: text('business_description'),
    companyType: text('company_type'),
    countryOfIncorporation: text('country_of_incorporation'),
    stateOfIncorporation: text('state_of_incorporation'),
    incorporationNumber: text('incorporation_number'),
    incorporationDate: date('incorporation_date'),
    newBusinessFormationAddress: text('new_business_formation_address'),
    taxId: text('tax_id'),
    nationalIdentificationNumber: text('national_identification_number'),
    companyWebsite: text('company_website'),
    socialLink: text('social_link'),
    isRegisteredCompany: boolean('is_registered_company').notNull().default(false),
    accountLevel: text('account_level').notNull().default('UNPAID'),
    /** Denormalised so that the Unconfirmed-payments tab is one index lookup. */
    hasManualReceipt: boolean('has_manual_receipt').notNull().default(false),
    /** Status of the incorporation step, kept in step with formation_steps (tabs filter on it). */
    incorporationStatus: text('incorporation_status').notNull().default('PENDING'),
    /** First step (canonical order) not APPROVED; null = Completed. Same transaction as every step change. */
    currentActivityStep: text('current_activity_step'),
    currentActivityStatus: text('current_activity_status'),
    /**
     * When the current step entered its status (its `status_since`, migration 0024); null when
     * Completed or the step's row is missing. Derived like the two above: the queue's order.
     */
    currentActivitySince: timestamp('current_activity_since', { withTimezone: true }),
    /**
     * Since when the client has waited on a manager (migration 0028, docs/product.md §11.5): the
     * submission while every step is Pending, or the first document sent after the current step
     * Failed; null when nothing of the client's waits. Derived like the columns above.
     */
    clientWaitingSince: timestamp('client_waiting_since', { withTimezone: true }),
    /**
     * The manager whose the business is (docs/product.md §11.1); null = unassigned. A manager
     * removed from the database leaves it unassigned.
     */
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The owner's email lower-cased, beside the business (migration 0032, decision 115): the
     * list's order by email reads one index of `businesses`. Derived by the database from
     * `users` like `search_text`, and kept when the owner's email changes.
     */
    ownerEmail: text('owner_email').notNull().default(''),
    /** Lower-cased business name, owner names and email, for search (trigrams; 1–2 characters: grams). */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('businesses_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('businesses_user_idx').on(t.userId),
    index('businesses_incorporation_idx').on(
      t.incorporationStatus,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('businesses_account_level_idx').on(
      t.accountLevel,
      t.hasManualReceipt,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('businesses_activity_idx').on(
      t.currentActivityStep,
      t.currentActivityStatus,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    // processing_status alone filters on the current activity's status, whatever the step.
    index('businesses_activity_status_idx').on(
      t.currentActivityStatus,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('businesses_country_idx').on(t.countryOfIncorporation, t.createdAt.desc(), t.id.desc()),
    index('businesses_type_idx').on(t.companyType, t.createdAt.desc(), t.id.desc()),
    // Longest in step first (the queue, docs/product.md §11.5), and the sort by step age; the
    // migration (0027) has it INCLUDE the filters' columns, which drizzle does not describe.
    index('businesses_activity_since_idx').on(t.currentActivitySince, t.id),
    // The orders by a column the list shows (decision 115), byte-wise (`collate "C"`) so that
    // every database orders alike; the migration (0032) has them INCLUDE the filters' columns.
    index('businesses_name_order_idx').on(sql`(lower(${t.businessName}) collate "C")`, t.id),
    index('businesses_email_order_idx').on(sql`(${t.ownerEmail} collate "C")`, t.id),
    index('businesses_type_order_idx').on(sql`(${t.companyType} collate "C")`, t.id),
    index('businesses_country_order_idx').on(sql`(${t.countryOfIncorporation} collate "C")`, t.id),
    // 'Mine' and 'Unassigned' (null) in list order.
    index('businesses_assignee_idx').on(t.assigneeId, t.createdAt.desc(), t.id.desc()),
    index('businesses_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Searches of one or two characters, which have no trigram (migration 0010, decision 33).
    index('businesses_search_grams_idx').using('gin', sql`business_search_grams(${t.searchText})`),
    check('businesses_account_level_check', sql`${t.accountLevel} in ('PAID', 'UNPAID')`),
    check(
      'businesses_incorporation_status_check',
      sql`${t.incorporationStatus} in ('PENDING', 'PROCESSING', 'APPROVED', 'FAILED')`,
    ),
  ],
);

/**
 * How many businesses share each combination of the step-derived columns, kept by triggers on
 * `businesses` in the writing transaction (migration 0009): each statement appends its changes as
 * signed rows, and `compactBusinessCounts` folds them now and then. Summing the rows that match a
 * tab gives its exact count in well under a millisecond at any table size
 * (docs/decisions/029-counts-at-a-million-businesses-maintained-per.md).
 */
export const businessCounts = pgTable('business_counts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  ...countedColumns(),
});

/** The columns a maintained count is kept by, and its signed number of businesses. */
function countedColumns() {
  return {
    incorporationStatus: text('incorporation_status').notNull(),
    accountLevel: text('account_level').notNull(),
    hasManualReceipt: boolean('has_manual_receipt').notNull(),
    currentActivityStep: text('current_activity_step'),
    currentActivityStatus: text('current_activity_status'),
    // The two filters a manager picks most (migration 0020, docs/decisions/094-filter-totals-from-the-maintained-counts.md).
    countryOfIncorporation: text('country_of_incorporation'),
    companyType: text('company_type'),
    n: bigint('n', { mode: 'number' }).notNull(),
  };
}

/**
 * The same counts per month of creation (UTC), kept by the same triggers (migration 0023): a list
 * with a date range adds up the months the range holds whole and counts only the days of the
 * months it cuts (docs/decisions/097-dated-filter-totals-from-monthly-counts.md).
 */
export const businessMonthCounts = pgTable('business_month_counts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  month: timestamp('month', { withTimezone: true }).notNull(),
  ...countedColumns(),
});

export const formationSteps = pgTable(
  'formation_steps',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    stepKey: text('step_key').notNull(),
    status: text('status').notNull().default('PENDING'),
    statusItemName: text('status_item_name').notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: updatedAt(),
    /**
     * When the step entered its current status (migration 0024): moved by a trigger whenever
     * the status changes, to the writer's `updated_at` (docs/decisions/099-a-step-knows-since-when.md).
     */
    statusSince: timestamp('status_since', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('formation_steps_business_step_key').on(t.businessId, t.stepKey),
    check(
      'formation_steps_status_check',
      sql`${t.status} in ('PENDING', 'PROCESSING', 'APPROVED', 'FAILED')`,
    ),
  ],
);

/** Stored files: KYC/KYB documents, receipts and feedback attachments share these columns. */
const fileColumns = () => ({
  fileName: text('file_name').notNull(),
  /** Random name under the storage root; never derived from user input. */
  storageKey: text('storage_key').notNull(),
  contentType: text('content_type').notNull(),
  /** Bytes. */
  size: integer('size').notNull(),
});

export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    documentTitle: text('document_title').notNull(),
    ...fileColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    index('documents_business_idx').on(t.businessId, t.kind),
    check('documents_kind_check', sql`${t.kind} in ('kyc', 'kyb')`),
  ],
);

export const onlinePayments = pgTable(
  'online_payments',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('USD'),
    reference: text('reference').notNull(),
    paymentDate: timestamp('payment_date', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('online_payments_business_idx').on(t.businessId)],
);

export const manualPaymentReceipts = pgTable(
  'manual_payment_receipts',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    documentTitle: text('document_title').notNull().default('Payment receipt'),
    ...fileColumns(),
    createdAt: createdAt(),
  },
  (t) => [index('manual_payment_receipts_business_idx').on(t.businessId)],
);

export const shareholders = pgTable(
  'shareholders',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    companyOwnerFullName: text('company_owner_full_name').notNull(),
    ownershipPercentage: numeric('ownership_percentage', { precision: 5, scale: 2 }).notNull(),
    isCompany: boolean('is_company').notNull().default(false),
  },
  (t) => [index('shareholders_business_idx').on(t.businessId)],
);

export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** The formation step the feedback is about (status_item_id on the wire). */
    statusItemId: integer('status_item_id').references(() => formationSteps.id, {
      onDelete: 'set null',
    }),
    feedbackTitle: text('feedback_title').notNull(),
    messageBody: text('message_body').notNull(),
    attachmentFileName: text('attachment_file_name'),
    attachmentStorageKey: text('attachment_storage_key'),
    attachmentContentType: text('attachment_content_type'),
    attachmentSize: integer('attachment_size'),
    fileUrl: text('file_url'),
    managerId: integer('manager_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('feedback_business_idx').on(t.businessId, t.createdAt.desc()),
    index('feedback_status_item_idx').on(t.statusItemId, t.createdAt.desc()),
    // Crash recovery asks whether a row names a staged file (decision 24).
    index('feedback_attachment_key_idx')
      .on(t.attachmentStorageKey)
      .where(sql`${t.attachmentStorageKey} is not null`),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('comments_business_idx').on(t.businessId, t.createdAt.desc())],
);

export const managerLogs = pgTable(
  'manager_logs',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    managerId: integer('manager_id').references(() => users.id),
    /** Kept as written at the time, so renaming a manager does not rewrite history. */
    managerName: text('manager_name').notNull(),
    action: text('action').notNull(),
    feedbackLogCategory: text('feedback_log_category').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('manager_logs_business_idx').on(t.businessId, t.createdAt.desc()),
    // A business's timeline filtered by kind (migration 0029's timeline_kind; decision 106).
    index('manager_logs_timeline_kind_idx').on(
      t.businessId,
      sql`timeline_kind(${t.action}, ${t.feedbackLogCategory})`,
      t.createdAt.desc(),
      t.id.desc(),
    ),
  ],
);

/**
 * PostgreSQL's 64-bit transaction id and snapshot. `notification_events.xid` is
 * the transaction that wrote the event: a live stream's position, and a
 * manager's inbox position, is a snapshot, and what it has not taken yet is
 * exactly the events that snapshot cannot see (decisions 27 and 95).
 */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });
const pgSnapshot = customType<{ data: string; driverData: string }>({
  dataType: () => 'pg_snapshot',
});

/**
 * One row per notifying change (decision 95): whom it notifies is not written
 * with it but worked out when read — every manager active while it was written
 * but the one who acted (`actor_id`; none for a client's event).
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    businessId: integer('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    status: text('status').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The one manager it notifies (an assignment: migration 0025); null = every manager but the actor. */
    recipientId: integer('recipient_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    xid: xid8('xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [
    // What a snapshot has not seen: events of transactions from its xmin on.
    index('notification_events_xid_idx').on(t.xid),
    // A business's timeline reads its client's events newest first (decision 106).
    index('notification_events_client_idx')
      .on(t.businessId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.actorId} is null`),
  ],
);

/**
 * How far each manager's own notifications are written out from the events
 * (decision 95): the snapshot of the last catch-up, `notifications_catch_up()`
 * (migration 0021). Kept by triggers on `users`: a new or re-activated manager
 * starts from now, a deactivated one is caught up first. `since` is where the
 * inbox last (re)started (migration 0022): a live stream may not resume from
 * before it, or it would be sent what this manager's list never holds.
 */
export const notificationInboxes = pgTable('notification_inboxes', {
  managerId: integer('manager_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  position: pgSnapshot('position').notNull(),
  since: pgSnapshot('since').notNull(),
});

/**
 * A manager's own notifications: each event written out for each manager it
 * notifies, when that manager next reads or changes theirs (decision 95), with
 * the event's uuid; here its read state is kept, and a deletion.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    // No foreign keys (migration 0033, decision 117): a catch-up writes hundreds of rows, and each
    // key's check locked its user's and its business's row again. The rows come from an inbox
    // (whose manager exists) and an event (whose business does); deleting either still deletes
    // its notifications, by statement triggers.
    managerId: integer('manager_id').notNull(),
    businessId: integer('business_id'),
    message: text('message').notNull(),
    status: text('status').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // An event's uuid names it for each manager it notifies.
    uniqueIndex('notifications_manager_uuid_key').on(t.managerId, t.uuid),
    // Newest first (by time, then id) for the All tab; by read state for the other tabs and the
    // counts (migration 0017: ids alone do not follow time, the seed's for one).
    index('notifications_manager_time_idx').on(t.managerId, t.createdAt.desc(), t.id.desc()),
    index('notifications_manager_read_time_idx').on(
      t.managerId,
      t.isRead,
      t.createdAt.desc(),
      t.id.desc(),
    ),
  ],
);

/**
 * Tickets that open a live notification stream (EventSource sends no
 * Authorization header): single-use, short-lived, stored hashed, shared by
 * every instance so that a ticket opens one stream anywhere (decision 27).
 */
export const streamTickets = pgTable(
  'stream_tickets',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    managerId: integer('manager_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The access token's users.token_version: a password change closes the stream. */
    tokenVersion: integer('token_version').notNull(),
    /** The access token's id (`jti`): its logout closes the stream (decision 40). */
    tokenId: text('token_id').notNull(),
    /** When the access token that asked for it expires: the stream ends then. */
    sessionExpiresAt: timestamp('session_expires_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('stream_tickets_token_key').on(t.tokenHash),
    index('stream_tickets_expires_idx').on(t.expiresAt),
  ],
);

/**
 * One row per forgot-password request: the verification token (returned to the
 * client) and the emailed code, both stored hashed; then the reset token.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verificationTokenHash: text('verification_token_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    resetTokenHash: text('reset_token_hash'),
    resetExpiresAt: timestamp('reset_expires_at', { withTimezone: true }),
    /** Set when superseded by a newer code, used, or locked out. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_resets_verification_token_key').on(t.verificationTokenHash),
    uniqueIndex('password_resets_reset_token_key').on(t.resetTokenHash),
    index('password_resets_user_idx').on(t.userId),
  ],
);

/**
 * Access tokens ended before their time by a logout
 * (docs/decisions/040-logout-ends-the-session-s-token.md): the token's id (`jti`) until the token
 * would have expired anyway. Every statement announces itself on `tokens_revoked` (migration 0013),
 * so every instance stops accepting the token at once.
 */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * Stored files when the database is PostgreSQL
 * (docs/decisions/044-files-in-postgresql-when-several-instances-share.md): every instance reads
 * every file, and one dump holds them. A file is a row here and its bytes in `stored_file_chunks`,
 * written and read a chunk at a time. `writing` while the bytes arrive (a crash leaves it behind:
 * recovery removes it), `staged` until the row that names it commits (decision 24), then
 * `committed`. `updated_at` moves with every chunk written, so recovery tells a slow upload from a
 * dead one.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    key: text('key').primaryKey(),
    state: text('state', { enum: ['writing', 'staged', 'committed'] }).notNull(),
    /** Bytes; set when the last chunk is in. */
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    chunkCount: integer('chunk_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('stored_files_state_check', sql`${t.state} in ('writing', 'staged', 'committed')`),
    // Recovery reads only the files not yet committed.
    index('stored_files_pending_idx')
      .on(t.updatedAt)
      .where(sql`${t.state} <> 'committed'`),
  ],
);

/** The bytes of a stored file, in order: chunk `seq` holds bytes seq × chunk size onwards. */
export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    key: text('key')
      .notNull()
      .references(() => storedFiles.key, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.seq] })],
);

/**
 * Each seed run (docs/decisions/045-the-embedded-database-keeps-data-kills-interrupted.md): written
 * before its first business and finished after its last, with the batches committed so far (each in
 * its batch's own transaction). A row without `finishedAt` is a seed that stopped half-way:
 * `npm run seed` refuses until it is resumed (`--resume` writes the batches it lacks, the same
 * businesses it would have written).
 */
export const seedRuns = pgTable('seed_runs', {
  id: serial('id').primaryKey(),
  /** `cli`: npm run seed; `demo`: the first embedded start's demo data. */
  source: text('source', { enum: ['cli', 'demo'] }).notNull(),
  seed: bigint('seed', { mode: 'number' }).notNull(),
  /** Businesses the run adds. */
  count: integer('count').notNull(),
  batchSize: integer('batch_size').notNull(),
  /** The end of the ~24 months the creation dates spread over, so a resumed run writes the same. */
  datesUntil: timestamp('dates_until', { withTimezone: true, mode: 'date' }).notNull(),
  /** The first business (index in the run) of each batch committed. */
  doneBatches: integer('done_batches')
    .array()
    .notNull()
    .default(sql`'{}'`),
  /** Businesses committed. */
  written: integer('written').notNull().default(0),
  startedAt: createdAt(),
  updatedAt: updatedAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/**
 * _Ours_: a manager's saved views of the business list (docs/product.md §11.4;
 * docs/decisions/103-saved-views-are-list-addresses.md): a name and the list's address query,
 * without `page`. Names are unique per manager, whatever their case.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    managerId: integer('manager_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: text('query').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('saved_views_manager_name_key').on(t.managerId, sql`lower(${t.name})`)],
);

/**
 * The insights' counts kept by day, in UTC (migration 0031; docs/product.md §12.4;
 * docs/decisions/114-insights-from-counts-kept-by-day.md): as `business_counts`, each statement
 * that changes what they count appends its change as signed rows, and `compactInsightCounts`
 * folds them now and then. A week or a window is the sum of its days' rows.
 */
const dayCount = () => ({
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  day: date('day', { mode: 'string' }).notNull(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

/** Businesses created per day. */
export const insightNewBusinessDays = pgTable(
  'insight_new_business_days',
  { ...dayCount() },
  (t) => [index('insight_new_business_days_day_idx').on(t.day)],
);

/** Logged actions per manager and day; a manager since removed (no id) by the name logged. */
export const insightManagerChangeDays = pgTable(
  'insight_manager_change_days',
  {
    ...dayCount(),
    managerId: integer('manager_id'),
    /** Only when `manager_id` is null. */
    managerName: text('manager_name'),
  },
  (t) => [index('insight_manager_change_days_day_idx').on(t.day)],
);

/** Steps Failed per day they went Failed, by the title of the latest feedback about each. */
export const insightFailureDays = pgTable(
  'insight_failure_days',
  { ...dayCount(), feedbackTitle: text('feedback_title') },
  (t) => [index('insight_failure_days_day_idx').on(t.day)],
);

/**
 * Steps approved per step, day of approval and days it took, in tenths of a day (rounded):
 * their running counts give the median and the 90th percentile.
 */
export const insightApprovalDays = pgTable(
  'insight_approval_days',
  {
    ...dayCount(),
    stepKey: text('step_key').notNull(),
    tenths: integer('tenths').notNull(),
  },
  (t) => [index('insight_approval_days_day_idx').on(t.day)],
);
