// A small, exact JSON reader and writer for the wire protocol (docs/wire-protocol.md).
//
// Why not JavaScriptSerializer: it decodes a number as int, long or decimal depending on its size, so the
// rules would have to handle three numeric types; and a number past decimal's range fails. Here every integer
// is a System.Numerics.BigInteger (exact at any size, the way the reference's Python ints are), a number with a
// fraction or exponent is a double, objects keep their keys in order (JObject) and strings are written with
// every non-ASCII character escaped, so the output is plain ASCII whatever the input held.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Numerics;
using System.Text;

namespace HisCsharp
{
    /// <summary>A JSON object whose keys keep the order they were added in.</summary>
    public sealed class JObject
    {
        readonly List<KeyValuePair<string, object>> items = new List<KeyValuePair<string, object>>();
        readonly Dictionary<string, int> index = new Dictionary<string, int>();

        public JObject Add(string key, object value)
        {
            int i;
            if (index.TryGetValue(key, out i)) { items[i] = new KeyValuePair<string, object>(key, value); }
            else { index[key] = items.Count; items.Add(new KeyValuePair<string, object>(key, value)); }
            return this;
        }

        public bool Has(string key) { return index.ContainsKey(key); }

        public object Get(string key)
        {
            int i;
            return index.TryGetValue(key, out i) ? items[i].Value : null;
        }

        public IEnumerable<KeyValuePair<string, object>> Items { get { return items; } }
    }

    public sealed class JsonException : Exception
    {
        public JsonException(string message) : base(message) { }
    }

    public static class Json
    {
        const int MaxDepth = 64;

        public static object Parse(string text)
        {
            int pos = 0;
            SkipWs(text, ref pos);
            object v = ReadValue(text, ref pos, 0);
            SkipWs(text, ref pos);
            if (pos != text.Length) throw new JsonException("trailing characters at " + pos);
            return v;
        }

        static void SkipWs(string s, ref int p)
        {
            while (p < s.Length && (s[p] == ' ' || s[p] == '\t' || s[p] == '\r' || s[p] == '\n')) p++;
        }

        static object ReadValue(string s, ref int p, int depth)
        {
            if (depth > MaxDepth) throw new JsonException("nested too deep");
            if (p >= s.Length) throw new JsonException("unexpected end");
            char c = s[p];
            if (c == '{')
            {
                p++;
                var o = new JObject();
                SkipWs(s, ref p);
                if (p < s.Length && s[p] == '}') { p++; return o; }
                while (true)
                {
                    SkipWs(s, ref p);
                    if (p >= s.Length || s[p] != '"') throw new JsonException("expected a key at " + p);
                    string key = ReadString(s, ref p);
                    SkipWs(s, ref p);
                    if (p >= s.Length || s[p] != ':') throw new JsonException("expected ':' at " + p);
                    p++;
                    SkipWs(s, ref p);
                    o.Add(key, ReadValue(s, ref p, depth + 1));
                    SkipWs(s, ref p);
                    if (p < s.Length && s[p] == ',') { p++; continue; }
                    if (p < s.Length && s[p] == '}') { p++; return o; }
                    throw new JsonException("expected ',' or '}' at " + p);
                }
            }
            if (c == '[')
            {
                p++;
                var a = new List<object>();
                SkipWs(s, ref p);
                if (p < s.Length && s[p] == ']') { p++; return a; }
                while (true)
                {
                    SkipWs(s, ref p);
                    a.Add(ReadValue(s, ref p, depth + 1));
                    SkipWs(s, ref p);
                    if (p < s.Length && s[p] == ',') { p++; continue; }
                    if (p < s.Length && s[p] == ']') { p++; return a; }
                    throw new JsonException("expected ',' or ']' at " + p);
                }
            }
            if (c == '"') return ReadString(s, ref p);
            if (Lit(s, ref p, "true")) return true;
            if (Lit(s, ref p, "false")) return false;
            if (Lit(s, ref p, "null")) return null;
            if (c == '-' || (c >= '0' && c <= '9')) return ReadNumber(s, ref p);
            throw new JsonException("unexpected character at " + p);
        }

        static bool Lit(string s, ref int p, string lit)
        {
            if (string.CompareOrdinal(s, p, lit, 0, lit.Length) == 0) { p += lit.Length; return true; }
            return false;
        }

        static object ReadNumber(string s, ref int p)
        {
            int start = p;
            bool integral = true;
            if (s[p] == '-') p++;
            while (p < s.Length && char.IsDigit(s[p])) p++;
            if (p < s.Length && s[p] == '.') { integral = false; p++; while (p < s.Length && char.IsDigit(s[p])) p++; }
            if (p < s.Length && (s[p] == 'e' || s[p] == 'E'))
            {
                integral = false; p++;
                if (p < s.Length && (s[p] == '+' || s[p] == '-')) p++;
                while (p < s.Length && char.IsDigit(s[p])) p++;
            }
            string tok = s.Substring(start, p - start);
            if (tok == "-" || tok.Length == 0) throw new JsonException("bad number at " + start);
            if (integral) return BigInteger.Parse(tok, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);
            return double.Parse(tok, NumberStyles.Float, CultureInfo.InvariantCulture);
        }

        static string ReadString(string s, ref int p)
        {
            p++; // opening quote
            var sb = new StringBuilder();
            while (true)
            {
                if (p >= s.Length) throw new JsonException("unterminated string");
                char c = s[p++];
                if (c == '"') return sb.ToString();
                if (c == '\\')
                {
                    if (p >= s.Length) throw new JsonException("unterminated escape");
                    char e = s[p++];
                    switch (e)
                    {
                        case '"': sb.Append('"'); break;
                        case '\\': sb.Append('\\'); break;
                        case '/': sb.Append('/'); break;
                        case 'b': sb.Append('\b'); break;
                        case 'f': sb.Append('\f'); break;
                        case 'n': sb.Append('\n'); break;
                        case 'r': sb.Append('\r'); break;
                        case 't': sb.Append('\t'); break;
                        case 'u':
                            if (p + 4 > s.Length) throw new JsonException("bad \\u escape");
                            sb.Append((char)int.Parse(s.Substring(p, 4), NumberStyles.HexNumber, CultureInfo.InvariantCulture));
                            p += 4;
                            break;
                        default: throw new JsonException("bad escape");
                    }
                }
                else sb.Append(c);
            }
        }

        public static string Write(object v)
        {
            var sb = new StringBuilder();
            WriteValue(sb, v);
            return sb.ToString();
        }

        static void WriteValue(StringBuilder sb, object v)
        {
            if (v == null) { sb.Append("null"); return; }
            if (v is bool) { sb.Append((bool)v ? "true" : "false"); return; }
            if (v is string) { WriteString(sb, (string)v); return; }
            if (v is BigInteger) { sb.Append(((BigInteger)v).ToString(CultureInfo.InvariantCulture)); return; }
            if (v is int) { sb.Append(((int)v).ToString(CultureInfo.InvariantCulture)); return; }
            if (v is long) { sb.Append(((long)v).ToString(CultureInfo.InvariantCulture)); return; }
            if (v is double) { sb.Append(((double)v).ToString("R", CultureInfo.InvariantCulture)); return; }
            var o = v as JObject;
            if (o != null)
            {
                sb.Append('{');
                bool first = true;
                foreach (var kv in o.Items)
                {
                    if (!first) sb.Append(',');
                    first = false;
                    WriteString(sb, kv.Key);
                    sb.Append(':');
                    WriteValue(sb, kv.Value);
                }
                sb.Append('}');
                return;
            }
            var list = v as System.Collections.IEnumerable;
            if (list != null)
            {
                sb.Append('[');
                bool first = true;
                foreach (var item in list)
                {
                    if (!first) sb.Append(',');
                    first = false;
                    WriteValue(sb, item);
                }
                sb.Append(']');
                return;
            }
            throw new InvalidOperationException("cannot write a " + v.GetType().Name + " as JSON");
        }

        static void WriteString(StringBuilder sb, string s)
        {
            sb.Append('"');
            foreach (char c in s)
            {
                if (c == '"') sb.Append("\\\"");
                else if (c == '\\') sb.Append("\\\\");
                else if (c < 0x20 || c > 0x7e) sb.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
                else sb.Append(c);
            }
            sb.Append('"');
        }
    }
}
