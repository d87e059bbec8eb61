// Harness for Go blocks that show only declarations (a type, a function signature) taken from a
// larger program: they are compiled as a package of their own. Use: ```go harness="go-declarations"
package declarations

/*{{block}}*/
