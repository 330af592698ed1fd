import { sql, type Kysely } from 'kysely';

// Event log, reference tables, projections of entities / roles / users, and the auth tables.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('position', 'bigserial', (c) => c.primaryKey())
    .addColumn('stream_type', 'text', (c) => c.notNull())
    .addColumn('stream_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('metadata', 'jsonb', (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('events_stream_version', ['stream_type', 'stream_id', 'version'])
    .execute();
  await db.schema.createIndex('events_type').on('events').columns(['stream_type', 'type']).execute();

  await db.schema
    .createTable('privileges')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('parent_priv_id', 'integer', (c) => c.references('privileges.id'))
    .addColumn('priv_code', 'text', (c) => c.notNull().unique())
    .addColumn('priv_desc', 'text', (c) => c.notNull())
    .addColumn('is_grantable', 'boolean', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('states')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('brands')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('entities')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('master_entity_id', 'integer', (c) => c.references('entities.id'))
    .addColumn('entity_code', 'text', (c) => c.notNull().unique())
    .addColumn('entity_name', 'text', (c) => c.notNull())
    .addColumn('dba', 'text')
    .addColumn('status_code', 'text', (c) => c.notNull())
    .addColumn('type_code', 'text', (c) => c.notNull())
    .addColumn('tracking_code', 'text')
    .addColumn('tracking_code_type', 'text')
    .addColumn('account_manager', 'integer')
    .addColumn('added_to_accounting', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('payout_frequency', 'text')
    .addColumn('payout_method', 'text')
    .addColumn('routing_number', 'text')
    .addColumn('brand_quote_app_link', 'text')
    .addColumn('can_quote', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('updated_by', 'integer')
    .execute();
  await sql`create index entities_path on entities (path text_pattern_ops)`.execute(db);
  await db.schema.createIndex('entities_parent').on('entities').column('master_entity_id').execute();
  await sql`create sequence entity_id_seq`.execute(db);

  await db.schema
    .createTable('entity_attributes')
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id'))
    .addColumn('attrib_id', 'integer', (c) => c.notNull())
    .addColumn('attrib_value', 'text')
    .addColumn('data_url', 'text')
    .addPrimaryKeyConstraint('entity_attributes_pk', ['entity_id', 'attrib_id'])
    .execute();

  await db.schema
    .createTable('roles')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('role_name', 'text', (c) => c.notNull())
    .addColumn('role_desc', 'text', (c) => c.notNull())
    .addColumn('is_deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('updated_by', 'integer')
    .execute();
  await sql`create unique index roles_name on roles (lower(role_name)) where not is_deleted`.execute(db);
  await sql`create sequence role_id_seq`.execute(db);
  await db.schema
    .createTable('role_privileges')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id'))
    .addColumn('privilege_id', 'integer', (c) => c.notNull().references('privileges.id'))
    .addColumn('assigned_at', 'timestamptz', (c) => c.notNull())
    .addColumn('assigned_by', 'integer')
    .addPrimaryKeyConstraint('role_privileges_pk', ['role_id', 'privilege_id'])
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('ext', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('user_type', 'text', (c) =>
      c.notNull().check(sql`user_type in ('admin', 'internal', 'external')`),
    )
    .addColumn('is_enabled', 'boolean', (c) => c.notNull())
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('updated_by', 'integer')
    .execute();
  await sql`create unique index users_email on users (lower(email))`.execute(db);
  await db.schema.createIndex('users_entity').on('users').column('entity_id').execute();
  await sql`create sequence user_id_seq`.execute(db);
  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id'))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
    .execute();

  await db.schema
    .createTable('session_families')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_reason', 'text')
    .execute();
  await db.schema.createIndex('session_families_user').on('session_families').column('user_id').execute();
  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('family_id', 'text', (c) => c.notNull().references('session_families.id'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('attempted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('login_attempts_key')
    .on('login_attempts')
    .columns(['key', 'attempted_at'])
    .execute();
  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
}
