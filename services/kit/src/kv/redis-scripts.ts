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
 * KEYS = keys, then the fence key last; ARGV[1] = ttl ms, ARGV[1 + i] = value of KEYS[i]. When every
 * key but the last is absent: sets them, sets the fence key to max(fence + 1, TIME in microseconds)
 * and returns it as a decimal string; nil otherwise. TIME is allowed in scripts since Redis 5
 * (effects replication), and makes the fence outlive a restart with an empty data set.
 */
export const SET_ALL_IF_ABSENT_FENCED = script(
  'setAllIfAbsentFenced',
  `local n = #KEYS - 1
for i = 1, n do
  if redis.call('EXISTS', KEYS[i]) == 1 then return false end
end
local t = redis.call('TIME')
local clock = tonumber(t[1]) * 1000000 + tonumber(t[2])
local last = tonumber(redis.call('GET', KEYS[#KEYS]) or '0') or 0
local fence = math.max(last + 1, clock)
local text = string.format('%.0f', fence)
redis.call('SET', KEYS[#KEYS], text)
for i = 1, n do
  redis.call('SET', KEYS[i], ARGV[i + 1], 'PX', ARGV[1])
end
return text`,
);

/** KEYS = keys; ARGV[i] = expected value of KEYS[i]. 1 when every key held its value and all are deleted. */
export const COMPARE_AND_DELETE_ALL = script(
  'compareAndDeleteAll',
  `for i = 1, #KEYS do
  if redis.call('GET', KEYS[i]) ~= ARGV[i] then return 0 end
end
for i = 1, #KEYS do
  redis.call('DEL', KEYS[i])
end
return 1`,
);

/**
 * KEYS = keys; ARGV[1] = ttl ms; for KEYS[i], ARGV[3i - 1] = expected value, ARGV[3i] = '1' when a
 * new value follows, ARGV[3i + 1] = the new value. 1 when every key held its value and all were extended.
 */
export const COMPARE_AND_EXTEND_ALL = script(
  'compareAndExtendAll',
  `for i = 1, #KEYS do
  if redis.call('GET', KEYS[i]) ~= ARGV[3 * i - 1] then return 0 end
end
for i = 1, #KEYS do
  if ARGV[3 * i] == '1' then
    redis.call('SET', KEYS[i], ARGV[3 * i + 1], 'PX', ARGV[1])
  else
    redis.call('PEXPIRE', KEYS[i], ARGV[1])
  end
end
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
