-- The texts of a spec (summary, docs, constraint messages, keep_doc) in the
-- generated sources. A spec's text is untrusted: whatever it holds, it stays
-- inside the comment or string literal it is written into
-- (docs/spec-format.md, "Text"). The host templates and the kernel files'
-- first lines write every text through these functions.

local M = {}

-- Spec fields that hold text, checked as strings when the spec loads. A
-- one-line text (summary) may hold no line break nor any other control
-- character; the others may hold anything, escaped where written.
function M.check(path, field, v, one_line)
  local fail = require("fusegen.spec").fail
  if one_line and (type(v) ~= "string" or v == "" or v:find("%c")) then
    fail(path, field, "a non-empty string on one line (no line break or other control character)", v)
  end
  if type(v) ~= "string" then fail(path, field, "a string", v) end
end

-- Text inside a comment, on one line: control characters (a line break
-- among them) become spaces, no "*/" or "/*" can form (a space goes between
-- their characters), no "??" either (a trigraph), and the text never ends
-- in a backslash (a line splice). Good in /* */ and // comments alike.
function M.comment(s)
  s = s:gsub("%c", " ")
  repeat
    local n1, n2, n3
    s, n1 = s:gsub("%*/", "* /")
    s, n2 = s:gsub("/%*", "/ *")
    s, n3 = s:gsub("%?%?", "? ?")
  until n1 + n2 + n3 == 0
  s = s:gsub("%s+$", "")
  if s:sub(-1) == "\\" then s = s .. "." end
  return s
end

-- A text of several lines (a doc) as comment lines, each through comment();
-- trailing empty lines dropped.
function M.comment_lines(s)
  local out = {}
  if not s then return out end
  for line in (s .. "\n"):gmatch("(.-)\r?\n") do out[#out + 1] = M.comment(line) end
  while #out > 0 and out[#out] == "" do out[#out] = nil end
  return out
end

-- The body of a C (or C++) string literal: backslash, quote and every "?"
-- escaped (so no trigraph forms), control characters as \n, \t or octal
-- escapes of three digits (a digit after one cannot join it).
local C_ESCAPES = { ["\n"] = "\\n", ["\t"] = "\\t", ["\r"] = "\\r", ["\\"] = "\\\\", ['"'] = '\\"', ["?"] = "\\?" }
function M.c_string(s)
  return (s:gsub('[%c\\"?]', function(c) return C_ESCAPES[c] or ("\\%03o"):format(c:byte()) end))
end

-- The body of a printf format literal: c_string, and "%" doubled.
function M.c_format(s)
  return (M.c_string(s):gsub("%%", "%%%%"))
end

-- The body of a Python string literal ("..."): backslash, quote and control
-- characters escaped; bytes from 0x80 too when the text is not UTF-8 (Python
-- source must be).
function M.py_string(s)
  local high = utf8.len(s) == nil and "\128-\255" or ""
  return (s:gsub('[%c\\"' .. high .. "]", function(c)
    if c == "\\" or c == '"' then return "\\" .. c end
    return ("\\x%02x"):format(c:byte())
  end))
end

-- Every text of a spec replaced by the same word, presence kept: the spec
-- fuzzer renders the host sources with and without a spec's texts and checks
-- that the code outside comments and literals is the same.
function M.neutralise(op)
  local function n(x) return x ~= nil and "text" or nil end
  op.summary, op.doc, op.keep_doc = n(op.summary), n(op.doc), n(op.keep_doc)
  for _, t in ipairs(op.tensors) do t.doc = n(t.doc) end
  for _, sc in ipairs(op.scalars) do sc.doc = n(sc.doc) end
  for _, a in ipairs(op.axes) do a.doc = n(a.doc) end
  for _, c in ipairs(op.constraints) do c[2] = n(c[2]) end
end

return M
