return {
  x = 1 +
}
