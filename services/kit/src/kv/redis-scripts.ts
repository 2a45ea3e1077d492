import { createHash } from 'node:crypto';

/**
 * The Lua scripts of the Redis adapter. Each runs atomically on the server, which is what makes the
 * compare-and-* operations and the multi-key all-or-nothing variants safe under concurrency.
 *
 * Redis Cluster: a script may only touch keys of one hash slot. Callers that deploy to a cluster
 * must give the keys of one multi-key call a common hash tag, e.g. `{lock}:board:3:7` and
 * `{lock}:user:42`, so they land in the same slot. A standalone Redis (and the embedded store) has
 * no such restriction.
 */
export interface LuaScript {
  name: string;
  source: string;
  /** SHA1 of the source, the name EVALSHA knows it by. */
  sha: string;
}

const script = (name: string, source: string): LuaScript => ({
  name,
  source,
  sha: createHash('sha1').update(source).digest('hex'),
});

/** KEYS = keys; ARGV[1] = ttl ms, ARGV[1 + i] = value of KEYS[i]. 1 when every key was absent and is now set. */
export const SET_ALL_IF_ABSENT = script(
  'setAllIfAbsent',
  `for i = 1, #KEYS do
  if redis.call('EXISTS', KEYS[i]) == 1 then return 0 end
end
for i = 1, #KEYS do
  redis.call('SET', KEYS[i], ARGV[i + 1], 'PX', ARGV[1])
end
return 1`,
);

/**
 * The sorted-set changes of a conditional write (port.ts, SortedSetChanges), shared by the scripts
 * below. `zsetTypesOk(k0, a0)` checks first that none of those keys holds another type (a script is
 * not rolled back on an error, so nothing may fail after the first write); `zsetChanges(k0, a0)`
 * applies them. KEYS[k0 + 1 ..]: the ZADD keys, then the ZREM keys; ARGV[a0] = number of ZADDs,
 * ARGV[a0 + 1] = number of ZREMs, then score and member per ZADD, then member per ZREM.
 */
const ZSET_CHANGES = `local function zsetTypesOk(k0, a0)
  local n = (tonumber(ARGV[a0]) or 0) + (tonumber(ARGV[a0 + 1]) or 0)
  for i = 1, n do
    local t = redis.call('TYPE', KEYS[k0 + i]).ok
    if t ~= 'zset' and t ~= 'none' then return false end
  end
  return true
end
local function zsetChanges(k0, a0)
  local za = tonumber(ARGV[a0]) or 0
  local zr = tonumber(ARGV[a0 + 1]) or 0
  local a = a0 + 2
  for i = 1, za do
    redis.call('ZADD', KEYS[k0 + i], ARGV[a], ARGV[a + 1])
    a = a + 2
  end
  for i = 1, zr do
    redis.call('ZREM', KEYS[k0 + za + i], ARGV[a])
    a = a + 1
  end
end
`;

const WRONGTYPE = `return redis.error_reply('WRONGTYPE Operation against a key holding the wrong kind of value')`;

/**
 * KEYS = n keys, the fence key, then the sorted-set keys; ARGV[1] = ttl ms, ARGV[2] = n,
 * ARGV[2 + i] = value of KEYS[i], then the sorted-set changes from ARGV[3 + n]. When every one of
 * the n keys is absent: sets them, sets the fence key to max(fence + 1, TIME in microseconds),
 * applies the changes and returns the fence as a decimal string; nil otherwise. TIME is allowed in
 * scripts since Redis 5 (effects replication), and makes the fence outlive a restart with an empty
 * data set.
 */
export const SET_ALL_IF_ABSENT_FENCED = script(
  'setAllIfAbsentFenced',
  `${ZSET_CHANGES}local n = tonumber(ARGV[2])
for i = 1, n do
  if redis.call('EXISTS', KEYS[i]) == 1 then return false end
end
if not zsetTypesOk(n + 1, 3 + n) then ${WRONGTYPE} end
local t = redis.call('TIME')
local clock = tonumber(t[1]) * 1000000 + tonumber(t[2])
local last = tonumber(redis.call('GET', KEYS[n + 1]) or '0') or 0
local fence = math.max(last + 1, clock)
local text = string.format('%.0f', fence)
redis.call('SET', KEYS[n + 1], text)
for i = 1, n do
  redis.call('SET', KEYS[i], ARGV[i + 2], 'PX', ARGV[1])
end
zsetChanges(n + 1, 3 + n)
return text`,
);

/**
 * KEYS = n keys, then the sorted-set keys; ARGV[1] = n, ARGV[1 + i] = expected value of KEYS[i], then
 * the sorted-set changes from ARGV[2 + n]. 1 when every key held its value and all are deleted (and
 * the changes applied).
 */
export const COMPARE_AND_DELETE_ALL = script(
  'compareAndDeleteAll',
  `${ZSET_CHANGES}local n = tonumber(ARGV[1])
for i = 1, n do
  if redis.call('GET', KEYS[i]) ~= ARGV[i + 1] then return 0 end
end
if not zsetTypesOk(n, 2 + n) then ${WRONGTYPE} end
for i = 1, n do
  redis.call('DEL', KEYS[i])
end
zsetChanges(n, 2 + n)
return 1`,
);

/**
 * KEYS = n keys, then the sorted-set keys; ARGV[1] = ttl ms, ARGV[2] = n; for KEYS[i],
 * ARGV[3i] = expected value, ARGV[3i + 1] = '1' when a new value follows, ARGV[3i + 2] = the new
 * value; then the sorted-set changes from ARGV[3 + 3n]. 1 when every key held its value and all were
 * extended (and the changes applied).
 */
export const COMPARE_AND_EXTEND_ALL = script(
  'compareAndExtendAll',
  `${ZSET_CHANGES}local n = tonumber(ARGV[2])
for i = 1, n do
  if redis.call('GET', KEYS[i]) ~= ARGV[3 * i] then return 0 end
end
if not zsetTypesOk(n, 3 + 3 * n) then ${WRONGTYPE} end
for i = 1, n do
  if ARGV[3 * i + 1] == '1' then
    redis.call('SET', KEYS[i], ARGV[3 * i + 2], 'PX', ARGV[1])
  else
    redis.call('PEXPIRE', KEYS[i], ARGV[1])
  end
end
zsetChanges(n, 3 + 3 * n)
return 1`,
);

/**
 * KEYS[1] = counter; ARGV[1] = increment, ARGV[2] = ttl ms or '0'. INCRBY, then the TTL only when the
 * key has none (it was just created): a fixed window that later increments never extend.
 */
export const INCR_WITH_TTL = script(
  'incr',
  `local n = redis.call('INCRBY', KEYS[1], ARGV[1])
if ARGV[2] ~= '0' and redis.call('PTTL', KEYS[1]) == -1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return n`,
);

export const ALL_SCRIPTS: readonly LuaScript[] = [
  SET_ALL_IF_ABSENT,
  SET_ALL_IF_ABSENT_FENCED,
  COMPARE_AND_DELETE_ALL,
  COMPARE_AND_EXTEND_ALL,
  INCR_WITH_TTL,
];
